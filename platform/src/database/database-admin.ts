import { MikroORM } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities';

/** The database name of a postgres URL, and the same server's maintenance ('postgres') database URL. */
export function splitDatabaseUrl(databaseUrl: string): { name: string; adminUrl: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  url.pathname = '/postgres';
  return { name, adminUrl: url.toString() };
}

export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs statements against the server's maintenance database (CREATE/DROP DATABASE cannot run inside the target). */
export async function withAdminConnection<T>(
  databaseUrl: string,
  work: (execute: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
): Promise<T> {
  const { adminUrl } = splitDatabaseUrl(databaseUrl);
  const orm = await MikroORM.init({
    clientUrl: adminUrl,
    entities: ENTITIES,
    pool: { min: 0, max: 1 },
    discovery: { warnWhenNoEntities: false },
  });
  try {
    const connection = orm.em.getConnection();
    return await work((sql, params) => connection.execute(sql, params as never[]) as Promise<unknown[]>);
  } finally {
    await orm.close(true);
  }
}

/** Creates the database named by `databaseUrl` if it does not exist; true when it was created. */
export async function ensureDatabaseExists(databaseUrl: string, template?: string): Promise<boolean> {
  const { name } = splitDatabaseUrl(databaseUrl);
  return withAdminConnection(databaseUrl, async (execute) => {
    const rows = await execute('select 1 from pg_database where datname = ?', [name]);
    if (rows.length > 0) return false;
    await execute(
      `create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ''}`,
    );
    return true;
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { name } = splitDatabaseUrl(databaseUrl);
  await withAdminConnection(databaseUrl, async (execute) => {
    await execute(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
}
