import type { MikroORM } from '@mikro-orm/postgresql';
import {
  countNovelTextWords,
  type ChapterLanguage,
  type ModerationStatus,
  type NovelDocument,
  type SeriesType,
} from '@warraq/contracts';
import { randomBytes } from 'node:crypto';
import { SeriesRepository } from '../../src/modules/series/series.repository';
import { seriesSearchText } from '../../src/modules/series/series.service';
import type { TestUser } from './user.factory';

export interface TestSeries {
  id: number;
  slug: string;
  title: string;
}

export interface NewSeriesOptions {
  owner?: TestUser | null;
  type?: SeriesType;
  moderationStatus?: ModerationStatus;
  title?: string;
  originalTitle?: string | null;
  altTitles?: string[];
  author?: string;
  tags?: string[];
  status?: 'ongoing' | 'completed' | 'stopped';
  createdAt?: Date;
}

/** A series written straight to the database (approved unless told otherwise). */
export async function newSeries(orm: MikroORM, options: NewSeriesOptions = {}): Promise<TestSeries> {
  const title = options.title ?? `سلسلة ${randomBytes(3).toString('hex')}`;
  const slug = `${title.replace(/\s+/g, '-').toLowerCase()}-${randomBytes(3).toString('hex')}`;
  const em = orm.em.fork();
  const repo = new SeriesRepository(em);
  const created = await repo.insert({
    type: options.type ?? 'manga',
    slug,
    title,
    originalTitle: options.originalTitle ?? null,
    altTitles: options.altTitles ?? [],
    description: 'وصف تجريبي لسلسلة في الاختبارات يكفي الطول المطلوب.',
    status: options.status ?? 'ongoing',
    origin: 'japan',
    year: 2020,
    author: options.author ?? 'مؤلف',
    artist: null,
    tags: options.tags ?? [],
    moderationStatus: options.moderationStatus ?? 'approved',
    createdBy: options.owner?.id ?? null,
    searchText: seriesSearchText({
      title,
      originalTitle: options.originalTitle ?? null,
      altTitles: options.altTitles ?? [],
      author: options.author ?? 'مؤلف',
    }),
  });
  if (options.createdAt) {
    await em
      .getConnection()
      .execute('update series set created_at = ? where id = ?', [options.createdAt, created.id]);
  }
  return { id: created.id, slug: created.slug, title };
}

export interface NewChapterOptions {
  series: TestSeries;
  number: number;
  language?: ChapterLanguage;
  group?: string | null;
  moderationStatus?: ModerationStatus;
  uploader?: TestUser | null;
  pages?: number;
  viewCount?: number;
  /** A text chapter: stored as given (already normalised), with no pages unless asked. */
  text?: NovelDocument;
}

export interface TestChapter {
  id: number;
  number: number;
}

/** A chapter variant with `pages` fake page rows (approved unless told otherwise). */
export async function newChapter(orm: MikroORM, options: NewChapterOptions): Promise<TestChapter> {
  const em = orm.em.fork();
  const connection = em.getConnection();
  const status = options.moderationStatus ?? 'approved';
  const pages = options.pages ?? (options.text ? 0 : 2);
  const rows = await connection.execute<{ id: number }[]>(
    `insert into chapter (series_id, number, title, language, translation_group, uploader_id, moderation_status,
       published_at, page_count, view_count, text, word_count)
     values (?, ?, ?, ?, ?, ?, ?, ${status === 'approved' ? 'now()' : 'null'}, ?, ?, ?::jsonb, ?) returning id`,
    [
      options.series.id,
      options.number,
      `الفصل ${options.number}`,
      options.language ?? 'AR',
      options.group ?? null,
      options.uploader?.id ?? null,
      status,
      pages,
      options.viewCount ?? 0,
      options.text ? JSON.stringify(options.text) : null,
      options.text ? countNovelTextWords(options.text.blocks) : null,
    ],
  );
  const id = rows[0]!.id;
  for (let i = 0; i < pages; i++) {
    await connection.execute(
      `insert into page (chapter_id, index, media_key, width, height) values (?, ?, ?, 800, 1200)`,
      [id, i, `${randomBytes(32).toString('hex')}.webp`],
    );
  }
  await new SeriesRepository(em).refreshChapterStats(options.series.id);
  return { id, number: options.number };
}
