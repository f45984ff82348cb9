import pg from 'pg';

/** Creates the bench's own database (named by the URL's path) when it does not exist yet. */
export async function ensureDatabase(databaseUrl) {
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();
}
