import { run, capture } from '../../infra/scripts/lib/run.mjs';

function psql(databaseUrl, sql) {
  return capture('psql', [databaseUrl, '-qtAc', sql]);
}

/** Tops the catalogue up to `total` approved series (synthetic, tagged 'bench') for the list benchmarks. */
export function ensureCatalogue(databaseUrl, total) {
  const count = Number(psql(databaseUrl, 'select count(*) from series') ?? 0);
  if (count >= total) return count;
  const missing = total - count;
  run('psql', [
    databaseUrl,
    '-qc',
    `insert into series (type, slug, title, description, status, moderation_status, tags, search_text,
       view_count, like_count, chapter_count, created_at, updated_at)
     select (array['manga','manhua','manhwa','novel'])[1 + g % 4], 'bench-' || g, 'عمل تجريبي ' || g,
       'وصف عمل تجريبي رقم ' || g, 'ongoing', 'approved', array['bench', (array['action','drama','fantasy'])[1 + g % 3]],
       'عمل تجريبي ' || g, g % 997, g % 97, 0, now() - (g || ' minutes')::interval, now()
     from generate_series(1, ${missing}) g
     on conflict (slug) do nothing`,
  ]);
  // Fresh statistics, as autovacuum would gather on a live catalogue.
  run('psql', [databaseUrl, '-qc', 'analyze series']);
  return total;
}

export { psql };
