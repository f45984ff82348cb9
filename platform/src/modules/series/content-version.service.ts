import { Injectable } from '@nestjs/common';
import { RedisService } from '../../common/redis/redis.service';

/**
 * A counter bumped on every visible content change (a series created, approved, rejected or deleted; a
 * chapter published). Cached answers carry it in their keys, so one bump retires all of them at once
 * in every platform process.
 */
@Injectable()
export class ContentVersion {
  constructor(private readonly redis: RedisService) {}

  private get key(): string {
    return this.redis.key('content', 'version');
  }

  async current(): Promise<string> {
    return (await this.redis.client.get(this.key)) ?? '0';
  }

  async bump(): Promise<void> {
    await this.redis.client.incr(this.key);
  }
}
