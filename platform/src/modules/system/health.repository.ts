import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The health probe's one statement: proves a pooled connection to Postgres answers. */
@Injectable()
export class HealthRepository {
  constructor(private readonly em: EntityManager) {}

  async ping(): Promise<void> {
    await this.em.getConnection().execute('select 1');
  }
}
