import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { ApiToken } from '../auth/api-token.entity';

@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(private readonly orm: MikroORM) {}

  /** Deletes expired API tokens, in its own EntityManager context. Safe to run twice. */
  async purgeExpiredTokens(now = new Date()): Promise<number> {
    const em = this.orm.em.fork();
    const deleted = await em.nativeDelete(ApiToken, { expiresAt: { $lte: now } });
    if (deleted > 0) this.logger.log(`purged ${deleted} expired API token(s)`);
    return deleted;
  }
}
