import { Inject, Injectable, Logger } from '@nestjs/common';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { IngestRepository } from '../ingest/ingest.repository';
import { IngestWorkspace } from '../ingest/ingest-workspace';
import { ChapterImportFiles } from '../novel-text/chapter-import-files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Uploads whose files stopped arriving (the browser closed mid-upload) hold disk space and count
 * against their uploader's open uploads: after the configured idle time (24 h) they are deleted with
 * their files. Folders with no upload row left (a delete that crashed before removing files) go too,
 * and so do chapter files to import whose job was lost (Redis emptied before the worker read them).
 */
@Injectable()
export class AbandonedUploadsService {
  private readonly logger = new Logger(AbandonedUploadsService.name);

  constructor(
    private readonly uploads: IngestRepository,
    private readonly workspace: IngestWorkspace,
    private readonly importFiles: ChapterImportFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Safe to run twice or on several workers at once. Returns how many uploads were purged. */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.ingest.abandonAfterMs);
    const ids = await this.uploads.deleteAbandoned(before);
    for (const id of ids) await this.workspace.remove(id);
    const orphans = await this.orphanFolders(before);
    for (const id of orphans) await this.workspace.remove(id);
    await this.importFiles.purgeOlderThan(before);
    if (ids.length + orphans.length > 0) {
      this.logger.log(`purged ${ids.length} abandoned upload(s), ${orphans.length} orphan folder(s)`);
    }
    return ids.length;
  }

  /** Upload folders older than `before` whose upload no longer exists. */
  private async orphanFolders(before: Date): Promise<string[]> {
    const names = await readdir(this.workspace.root).catch(() => [] as string[]);
    const orphans: string[] = [];
    for (const name of names.filter((n) => UUID.test(n))) {
      const info = await stat(join(this.workspace.root, name)).catch(() => null);
      if (!info || info.mtime >= before) continue;
      if (!(await this.uploads.find(name))) orphans.push(name);
    }
    return orphans;
  }
}
