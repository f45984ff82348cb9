import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A read the platform runs on nearly every request, with `$1`… placeholders. */
export interface PreparedStatement<Row> {
  /** Unique among prepared statements: PostgreSQL keeps each connection's plan under it. */
  readonly name: string;
  readonly text: string;
  /** Only carries the row type. */
  readonly row?: Row;
}

/** What is used of the `pg` pool the ORM's connection hands out. */
interface NativePool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const names = new Set<string>();

/** Declares a statement once, at module load; a second statement under the same name is a bug. */
export function preparedStatement<Row>(name: string, text: string): PreparedStatement<Row> {
  if (names.has(name)) throw new Error(`prepared statement "${name}" is declared twice`);
  names.add(name);
  return { name, text };
}

/**
 * Runs the hottest reads (the guard's identity lookup, the page state) as named prepared statements
 * on the ORM's own `pg` pool. Through the entity manager a raw statement has its values inlined into
 * the text, so PostgreSQL parses and plans the whole statement on every call; prepared, each pooled
 * connection plans it once and later calls send only the values. Reads only: writes and
 * transactions stay on the entity manager.
 */
@Injectable()
export class PreparedStatements {
  private pool: NativePool | undefined;

  constructor(private readonly orm: MikroORM) {}

  async rows<Row>(statement: PreparedStatement<Row>, values: readonly unknown[]): Promise<Row[]> {
    this.pool ??= (await this.orm.em.getConnection().getNativeClient()) as NativePool;
    const result = await this.pool.query({ name: statement.name, text: statement.text, values: [...values] });
    return result.rows as Row[];
  }
}
