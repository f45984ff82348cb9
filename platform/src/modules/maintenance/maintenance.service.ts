import { Injectable, Logger } from '@nestjs/common';
import { ApiTokenRepository } from '../auth/api-token.repository';

@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(private readonly tokens: ApiTokenRepository) {}

  /** Deletes expired API tokens (auth's table, through auth's repository). Safe to run twice. */
  async purgeExpiredTokens(now = new Date()): Promise<number> {
    const deleted = await this.tokens.deleteExpired(now);
    if (deleted > 0) this.logger.log(`purged ${deleted} expired API token(s)`);
    return deleted;
  }
}
