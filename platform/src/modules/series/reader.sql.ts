import { VARIANT_COLUMNS } from './series.mapper';

/**
 * The SQL of the chapter reader's hot path, in one place: the repositories run it, and the bench's
 * bare Node + pg baseline (bench/baselines/chapter-server.mjs) runs exactly the same statements.
 * Placeholders are `?` (MikroORM's driver); the baseline renumbers them for pg.
 */
export const READER_SQL = {
  seriesBySlug: 'select id, slug, title, type, moderation_status, created_by from series where slug = ?',
  seriesById: 'select id, slug, title, type, moderation_status, created_by from series where id = ?',
  content: `select c.text, c.word_count, coalesce((select json_agg(json_build_array(p.media_key, p.width, p.height, coalesce(p.source_index, p.index), p.renditions) order by p.index)
         from page p where p.chapter_id = c.id), '[]'::json) as pages
       from chapter c where c.id = ?`,
  countView: `with ins as (
         insert into chapter_view (chapter_id, viewer, day) values (?, ?, current_date)
         on conflict do nothing returning chapter_id),
       c as (update chapter set view_count = view_count + 1 where id in (select chapter_id from ins)
         returning series_id, view_count),
       s as (update series set view_count = view_count + 1 where id in (select series_id from c) returning id)
       select (select view_count from c) as view_count`,
} as const;

/** A series' chapters as `visibility` allows ('' for staff; approved-only or own for others). */
export function visibleChaptersSql(visibility: string, order: 'asc' | 'desc'): string {
  return `select ${VARIANT_COLUMNS} from chapter c where c.series_id = ? ${visibility}
       order by c.number ${order}, c.language asc, c.id asc`;
}
export const PUBLIC_VISIBILITY = `and c.moderation_status = 'approved'`;
export const OWN_OR_PUBLIC_VISIBILITY = `and (c.moderation_status = 'approved' or c.uploader_id = ?)`;
/** Pending chapters only, all of them (staff) or the viewer's own uploads. */
export const PENDING_VISIBILITY = `and c.moderation_status = 'pending'`;
export const OWN_PENDING_VISIBILITY = `and c.moderation_status = 'pending' and c.uploader_id = ?`;
