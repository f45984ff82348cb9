import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../../common/redis/redis.service';
import { toChapterUpload } from './ingest.mapper';
import { IngestRepository } from './ingest.repository';
import { ingestProgressChannel, type IngestProgressMessage } from './ingest-progress.channel';

/**
 * Publishes an upload's current status (read back from Postgres, so it is exactly what GET answers)
 * to the API processes. Best effort: a missed message costs the uploader one progress step, never
 * the chapter, so a Redis failure here is logged and processing goes on.
 */
@Injectable()
export class IngestProgressPublisher {
  private readonly logger = new Logger(IngestProgressPublisher.name);

  constructor(
    private readonly uploads: IngestRepository,
    private readonly redis: RedisService,
  ) {}

  async publish(uploadId: string): Promise<void> {
    try {
      const row = await this.uploads.findWithFiles(uploadId);
      if (!row) return;
      const message: IngestProgressMessage = { userId: row.uploader_id, upload: toChapterUpload(row) };
      await this.redis.client.publish(ingestProgressChannel(this.redis.prefix), JSON.stringify(message));
    } catch (error) {
      this.logger.warn(`progress of ${uploadId} not published: ${String(error)}`);
    }
  }
}
