import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ChapterLanguage, ModerationStatus, NovelText } from '@warraq/contracts';
import type { Db } from '../../database/transactions';
import type { ContentViewer } from './content-viewer';
import { type LockedItem, type LockedRow, type LockMode, toLockedItem } from './moderation-queue.mapper';
import {
  OWN_OR_PUBLIC_VISIBILITY,
  OWN_PENDING_VISIBILITY,
  PENDING_VISIBILITY,
  PUBLIC_VISIBILITY,
  READER_SQL,
  visibleChaptersSql,
} from './reader.sql';
import type { ChapterVariantRow } from './series.mapper';

/** A narrower stored copy of a page image (the `page.renditions` jsonb items). */
export interface PageRenditionRow {
  width: number;
  key: string;
}

export interface ChapterContentRow {
  text: NovelText | null;
  word_count: number | null;
  /** media key, width, height, uploaded page (slices of a tall strip share it), narrower copies. */
  pages: [string, number, number, number, PageRenditionRow[]][];
}

/** What access checks on a chapter need: its own and its series' moderation state and owners. */
export interface ChapterAccessRow {
  id: number;
  series_id: number;
  number: number;
  moderation_status: ModerationStatus;
  uploader_id: number | null;
  series_status: ModerationStatus;
  series_created_by: number | null;
  like_count: number;
  /** How many blocks a text chapter has (positions are indices into them); null for images. */
  block_count: number | null;
}

/** One variant of a chapter: same series, number and language, and group ignoring case. */
export interface ChapterVariantKey {
  seriesId: number;
  number: number;
  language: ChapterLanguage;
  translationGroup: string | null;
}

export interface NewChapter extends ChapterVariantKey {
  title: string | null;
  uploaderId: number;
  /** Uploaded pages (tall strips are cut into several stored pages of one source). */
  pageCount: number;
}

export interface NewPage {
  index: number;
  sourceIndex: number;
  mediaKey: string;
  width: number;
  height: number;
  renditions: readonly { width: number; mediaKey: string }[];
}

/** The `chapter`, `page` and `chapter_view` tables (raw SQL: the reader's hot path, set-based writes). */
@Injectable()
export class ChaptersRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params as never[]);
  }

  async content(chapterId: number): Promise<ChapterContentRow> {
    const rows = await this.run<ChapterContentRow>(READER_SQL.content, [chapterId]);
    return rows[0] ?? { text: null, word_count: null, pages: [] };
  }

  /**
   * Counts one view per viewer per chapter per day: the counters move only when the view row was
   * really inserted, in the same statement. Returns the new chapter view count, or null when the
   * viewer was already counted today.
   */
  async countView(chapterId: number, viewer: string): Promise<number | null> {
    const rows = await this.run<{ view_count: number | null }>(READER_SQL.countView, [chapterId, viewer]);
    return rows[0]?.view_count ?? null;
  }

  async access(chapterId: number): Promise<ChapterAccessRow | null> {
    const rows = await this.run<ChapterAccessRow>(
      `select c.id, c.series_id, c.number::float8 as number, c.moderation_status, c.uploader_id,
         s.moderation_status as series_status, s.created_by as series_created_by, c.like_count,
         jsonb_array_length(c.text -> 'blocks') as block_count
       from chapter c join series s on s.id = c.series_id where c.id = ?`,
      [chapterId],
    );
    return rows[0] ?? null;
  }

  /** Every variant of the series the viewer may see, by number then language. */
  visible(
    seriesId: number,
    viewer: ContentViewer,
    order: 'asc' | 'desc' = 'desc',
  ): Promise<ChapterVariantRow[]> {
    const params: unknown[] = [seriesId];
    let visibility = '';
    if (!viewer.staff) {
      visibility = viewer.userId ? OWN_OR_PUBLIC_VISIBILITY : PUBLIC_VISIBILITY;
      if (viewer.userId) params.push(viewer.userId);
    }
    return this.run(visibleChaptersSql(visibility, order), params);
  }

  /**
   * The series' pending variants the viewer may see (every one for staff, their own uploads for a
   * signed-in reader): what a cached series page, which lists approved chapters only, adds for them.
   */
  pending(seriesId: number, viewer: ContentViewer): Promise<ChapterVariantRow[]> {
    if (viewer.staff) return this.run(visibleChaptersSql(PENDING_VISIBILITY, 'desc'), [seriesId]);
    if (viewer.userId === null) return Promise.resolve([]);
    return this.run(visibleChaptersSql(OWN_PENDING_VISIBILITY, 'desc'), [seriesId, viewer.userId]);
  }

  /**
   * Whether this variant already exists: same series, number and language, and the same translation
   * group ignoring case (no group counts as one group), among chapters not rejected.
   */
  async variantExists(v: ChapterVariantKey, db: Db = this.em): Promise<boolean> {
    const rows = await db.execute<{ found: number }[]>(
      `select 1 as found from chapter
       where series_id = ? and number = ? and language = ? and moderation_status <> 'rejected'
         and lower(coalesce(translation_group, '')) = lower(?)
       limit 1`,
      [v.seriesId, v.number, v.language, v.translationGroup ?? ''],
    );
    return rows.length > 0;
  }

  /** Inside the caller's transaction: a pending chapter and all its pages (one set-based insert). */
  async insertWithPages(tx: Db, chapter: NewChapter, pages: readonly NewPage[]): Promise<number> {
    const chapters = await tx.execute<{ id: number }[]>(
      `insert into chapter (series_id, number, title, language, translation_group, uploader_id,
         moderation_status, published_at, page_count)
       values (?, ?, ?, ?, ?, ?, 'pending', null, ?) returning id`,
      [
        chapter.seriesId,
        chapter.number,
        chapter.title,
        chapter.language,
        chapter.translationGroup,
        chapter.uploaderId,
        chapter.pageCount,
      ],
    );
    const chapterId = chapters[0]!.id;
    await tx.execute(
      `insert into page (chapter_id, index, source_index, media_key, width, height, renditions)
       select ?, p.index, p.source_index, p.media_key, p.width, p.height, p.renditions
       from jsonb_to_recordset(?::jsonb)
         as p(index int, source_index int, media_key text, width int, height int, renditions jsonb)`,
      [
        chapterId,
        JSON.stringify(
          pages.map((page) => ({
            index: page.index,
            source_index: page.sourceIndex,
            media_key: page.mediaKey,
            width: page.width,
            height: page.height,
            renditions: page.renditions.map((r): PageRenditionRow => ({ width: r.width, key: r.mediaKey })),
          })),
        ),
      ],
    );
    await tx.execute('insert into chapter_avif (chapter_id) values (?)', [chapterId]);
    return chapterId;
  }

  /**
   * Inside the caller's transaction: a pending novel chapter, its text already normalised and checked
   * (`prepareNovelText`) with its word count. It has no pages.
   */
  async insertText(
    tx: Db,
    chapter: Omit<NewChapter, 'pageCount'>,
    text: NovelText,
    wordCount: number,
  ): Promise<number> {
    const rows = await tx.execute<{ id: number }[]>(
      `insert into chapter (series_id, number, title, language, translation_group, uploader_id,
         moderation_status, published_at, page_count, text, word_count)
       values (?, ?, ?, ?, ?, ?, 'pending', null, 0, ?::jsonb, ?) returning id`,
      [
        chapter.seriesId,
        chapter.number,
        chapter.title,
        chapter.language,
        chapter.translationGroup,
        chapter.uploaderId,
        JSON.stringify(text),
        wordCount,
      ],
    );
    return rows[0]!.id;
  }

  /** Moves the chapter's comment count by `delta` in the caller's transaction (never below zero). */
  async addComments(tx: Db, chapterId: number, delta: number): Promise<void> {
    await tx.execute(`update chapter set comment_count = greatest(comment_count + ?, 0) where id = ?`, [
      delta,
      chapterId,
    ]);
  }

  /**
   * Moves the like counters of the chapter and its series by `delta` (one statement, in the caller's
   * transaction); answers the chapter's new like count, or null when the chapter is gone.
   */
  async addLikes(tx: Db, chapterId: number, delta: 1 | -1): Promise<number | null> {
    const rows = await tx.execute<{ count: number | null }[]>(
      `with c as (update chapter set like_count = like_count + ? where id = ? returning series_id, like_count),
         s as (update series set like_count = greatest(like_count + ?, 0) where id in (select series_id from c) returning id)
       select (select like_count from c) as count`,
      [delta, chapterId, delta],
    );
    return rows[0]?.count ?? null;
  }

  async likeCount(chapterId: number): Promise<number> {
    const rows = await this.run<{ count: number }>(`select like_count as count from chapter where id = ?`, [
      chapterId,
    ]);
    return rows[0]?.count ?? 0;
  }

  /** Reads a chapter with its series' names for a moderation action and locks the chapter row (see LockMode). */
  async lockForModeration(id: number, mode: LockMode, db: Db = this.em): Promise<LockedItem | null> {
    const [row] = await db.execute<LockedRow[]>(
      `select c.id, c.moderation_status as status, c.uploader_id as owner_id, c.series_id, s.slug, s.type, s.title,
         c.number::float8 as number, null as cover_key, null as cover_renditions
       from chapter c join series s on s.id = c.series_id where c.id = ? ${mode ? `for ${mode} of c` : ''}`,
      [id],
    );
    return row ? toLockedItem('chapter', row) : null;
  }

  /** A chapter approved for the first time is published now; a re-approved one keeps its date. */
  async setModerationStatus(tx: Db, id: number, status: ModerationStatus): Promise<void> {
    await tx.execute(
      `update chapter set moderation_status = ?,
         published_at = case when ? = 'approved' then coalesce(published_at, now()) else published_at end
       where id = ?`,
      [status, status, id],
    );
  }

  /**
   * Whether another variant identical to this chapter (number, language, group ignoring case) is
   * already published or waiting: approving a rejected chapter must not make two of one variant.
   */
  async duplicateVariantOf(tx: Db, chapterId: number): Promise<boolean> {
    const rows = await tx.execute<{ found: number }[]>(
      `select 1 as found from chapter c join chapter o on o.series_id = c.series_id and o.number = c.number
         and o.language = c.language
         and lower(coalesce(o.translation_group, '')) = lower(coalesce(c.translation_group, ''))
       where c.id = ? and o.id <> c.id and o.moderation_status <> 'rejected' limit 1`,
      [chapterId],
    );
    return rows.length > 0;
  }

  /** The media keys of the pages of one chapter, or of every chapter of a series (renditions too). */
  async pageMediaKeys(tx: Db, of: { chapterId: number } | { seriesId: number }): Promise<string[]> {
    const pages =
      'seriesId' in of
        ? 'select p.* from page p join chapter c on c.id = p.chapter_id where c.series_id = ?'
        : 'select * from page where chapter_id = ?';
    const rows = await tx.execute<{ key: string }[]>(
      `with p as (${pages})
       select media_key as key from p
       union select r->>'key' from p, jsonb_array_elements(p.renditions) r`,
      ['seriesId' in of ? of.seriesId : of.chapterId],
    );
    return rows.map((r) => r.key);
  }

  /** Each page image of a chapter with its stored copies, in reading order (for the AVIF job). */
  async pageImages(
    chapterId: number,
  ): Promise<{ id: number; media_key: string; width: number; renditions: PageRenditionRow[] }[]> {
    return this.em
      .getConnection()
      .execute(`select id, media_key, width, renditions from page where chapter_id = ? order by index`, [
        chapterId,
      ]);
  }

  /**
   * Appends AVIF copies to a page, only while it still shows the image they were made from and has
   * none yet (a racing run, or a page replaced meanwhile, gets nothing).
   */
  async addAvifCopies(pageId: number, mediaKey: string, copies: PageRenditionRow[]): Promise<void> {
    await this.em.getConnection().execute(
      `update page set renditions = renditions || ?::jsonb
        where id = ? and media_key = ?
          and not exists (select 1 from jsonb_array_elements(renditions) r where r->>'key' like '%.avif')`,
      [JSON.stringify(copies), pageId, mediaKey],
    );
  }

  /** The chapter's AVIF copies are made (or did not pay): nothing of it is left to queue again. */
  async avifDone(chapterId: number): Promise<void> {
    await this.em.getConnection().execute('delete from chapter_avif where chapter_id = ?', [chapterId]);
  }

  /** Image chapters listed for AVIF copies at least `ageMs` ago, oldest first: those whose job may be lost. */
  async avifOverdue(ageMs: number, limit: number): Promise<number[]> {
    const rows = await this.em.getConnection().execute<{ chapter_id: number }[]>(
      `select chapter_id from chapter_avif where queued_at < now() - make_interval(secs => ?::float8 / 1000)
        order by queued_at limit ?`,
      [ageMs, limit],
    );
    return rows.map((row) => row.chapter_id);
  }

  /** Deletes the chapter; the schema cascades to its pages, likes, views and reading progress. */
  async delete(tx: Db, id: number): Promise<void> {
    await tx.execute('delete from chapter where id = ?', [id]);
  }
}
