/**
 * SQL text shared by the updates feed and the new-chapter fan-out, so the feed, the badges and the
 * notifications apply one rule for which chapter a reader wants.
 */

/** A JS number array as a SQL int[] (params are inlined by the driver, so arrays go through JSON). */
export const INT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb)::int)';

/**
 * Whether the reader wants chapter `c`, given their follow of its series `f` (left-joined: null when
 * they reach it by following its uploader) and their preferences `rp` (left-joined). A hidden group
 * never; when groups are preferred, only those (a chapter credited to no group always passes); the
 * chapter's language among theirs when they chose any.
 */
export const WANTS_CHAPTER = `
  (c.translation_group is null or f.user_id is null or (
     not (c.translation_group = any(f.hidden_groups))
     and (cardinality(f.preferred_groups) = 0 or c.translation_group = any(f.preferred_groups))))
  and (rp.user_id is null or cardinality(rp.languages) = 0 or c.language = any(rp.languages))`;

/**
 * `(user_id, subject_id)`, the subject a chapter id, of every reader to tell about each of the chapters given as a JSON id
 * array (one parameter): followers of the series and followers of the uploader, once each, without
 * the uploader themselves, and only approved chapters of approved series. Set-based, so a series with
 * 100,000 followers is one statement.
 */
export const CHAPTER_RECIPIENTS = `
  select r.user_id, c.id as subject_id
  from (
    select f.user_id, c.id as chapter_id
    from chapter c join series_follow f on f.series_id = c.series_id
    where c.id = any(${INT_ARRAY})
    union
    select uf.follower_id, c.id
    from chapter c join user_follow uf on uf.followee_id = c.uploader_id
    where c.id = any(${INT_ARRAY})
  ) r
  join chapter c on c.id = r.chapter_id
  join series s on s.id = c.series_id
  left join series_follow f on f.user_id = r.user_id and f.series_id = c.series_id
  left join reader_preference rp on rp.user_id = r.user_id
  where c.moderation_status = 'approved' and s.moderation_status = 'approved'
    and r.user_id is distinct from c.uploader_id
    and ${WANTS_CHAPTER}`;

/**
 * `(user_id, subject_id)`, the subject a series id, of every reader to tell about each of the new
 * works given as a JSON id array: followers of the series' creator, never the creator themselves,
 * and only approved series. Chapter languages and translation groups say nothing about a whole
 * series, so no preference filters these.
 */
export const SERIES_RECIPIENTS = `
  select uf.follower_id as user_id, s.id as subject_id
  from series s join user_follow uf on uf.followee_id = s.created_by
  where s.id = any(${INT_ARRAY}) and s.moderation_status = 'approved'
    and uf.follower_id <> s.created_by`;
