import type { EntityManager } from '@mikro-orm/postgresql';
import { type ChapterLanguage, type ModerationStatus, NOTIFICATION_TEXTS, slugify } from '@warraq/contracts';
import sharp from 'sharp';
import { storeCoverRenditions, storeCoverRenditionsOf } from '../../modules/media/cover-renditions';
import type { MediaStorage } from '../../modules/media/media-storage';
import { type EncodedImage, encodeRenditions } from '../../modules/ingest/processing/page-encoder';
import { RENDITION } from '../../modules/ingest/processing/processing.limits';
import type { PageRenditionRow } from '../../modules/series/chapters.repository';
import { SeriesRepository } from '../../modules/series/series.repository';
import { seriesSearchText } from '../../modules/series/series.service';
import { importTxt } from '../../modules/novel-text/import/txt-import';
import { type PreparedNovelText, prepareNovelText } from '../../modules/novel-text/prepare-novel-text';
import {
  DEMO_CATALOGUE,
  DEMO_PENDING,
  DEMO_REJECTED,
  DEMO_REJECTION_REASON,
  type DemoSeries,
  ORIGIN_BY_TYPE,
} from './demo-catalogue';
import { novelChapterTexts } from './demo-novels';

const FONT_FILE = require.resolve('@expo-google-fonts/cairo/700Bold/Cairo_700Bold.ttf');
const DAY = 86_400_000;

export interface DemoContentUsers {
  admin: number;
  moderator: number;
  reader: number;
  owner: number;
}

export interface DemoContentResult {
  created: number;
  skipped: number;
  images: number;
  chapters: number;
}

interface ChapterPlan {
  number: number;
  language: ChapterLanguage;
  group: string | null;
  pending?: boolean;
  /** A novel chapter's text, from its file under `novels/`. */
  text?: string;
}

const TEAM = 'فريق ورّاق';
/** Who translated the novels' chapters in other languages. */
const NOVEL_TRANSLATORS = 'Inkwell Translations';

const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const toArabicDigits = (n: number | string) => String(n).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** `#rrggbb` of an HSL colour (pango markup takes hex colours only). */
function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function palette(index: number): { background: string; panel: string; ink: string } {
  const hue = (index * 47) % 360;
  return { background: hsl(hue, 0.45, 0.88), panel: hsl(hue, 0.35, 0.96), ink: hsl(hue, 0.6, 0.22) };
}

async function textImage(markup: string, size: number, width: number): Promise<Buffer> {
  return sharp({
    text: {
      text: markup,
      font: `Cairo Bold ${size}`,
      fontfile: FONT_FILE,
      rgba: true,
      align: 'centre',
      width,
    },
  })
    .png()
    .toBuffer();
}

/** A comic page: panels drawn as SVG, the series title and page label in Arabic on top. */
async function renderPage(opts: {
  width: number;
  height: number;
  colors: ReturnType<typeof palette>;
  title: string;
  label: string;
}): Promise<Buffer> {
  const { width, height, colors } = opts;
  const gap = 24;
  const rows = height > 1800 ? 4 : 3;
  const panelHeight = (height - gap * (rows + 1)) / rows;
  const rects = Array.from(
    { length: rows },
    (_, r) =>
      `<rect x="${gap}" y="${gap + r * (panelHeight + gap)}" width="${width - 2 * gap}" height="${panelHeight}" rx="12" fill="${colors.panel}" stroke="${colors.ink}" stroke-width="5"/>`,
  ).join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}</svg>`,
  );
  const text = await textImage(
    `<span foreground="${colors.ink}">${escapeMarkup(opts.title)}\n${escapeMarkup(opts.label)}</span>`,
    44,
    width - 120,
  );
  return sharp({ create: { width, height, channels: 3, background: colors.background } })
    .composite([{ input: svg }, { input: text, gravity: 'centre' }])
    .webp({ quality: 80 })
    .toBuffer();
}

async function renderCover(
  title: string,
  original: string,
  colors: ReturnType<typeof palette>,
): Promise<Buffer> {
  const width = 600;
  const height = 900;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect x="30" y="30" width="540" height="840" rx="20" fill="none" stroke="${colors.ink}" stroke-width="8"/>
      <circle cx="300" cy="300" r="170" fill="${colors.panel}" stroke="${colors.ink}" stroke-width="6"/>
    </svg>`,
  );
  const text = await textImage(
    `<span foreground="${colors.ink}">${escapeMarkup(title)}</span>\n<span size="small" foreground="${colors.ink}">${escapeMarkup(original)}</span>`,
    52,
    500,
  );
  const textWidth = (await sharp(text).metadata()).width ?? 500;
  return sharp({ create: { width, height, channels: 3, background: colors.background } })
    .composite([
      { input: svg },
      { input: text, top: 560, left: Math.max(0, Math.round((width - textWidth) / 2)) },
    ])
    .webp({ quality: 80 })
    .toBuffer();
}

/** The short stand-in text of a novel whose chapters are not written under `novels/` yet. */
function novelBody(title: string, n: number): string {
  return [
    `الفصل ${toArabicDigits(n)} من «${title}».`,
    'كان الليل قد أرخى سدوله على المدينة حين خرج من البيت القديم، يحمل في جيبه رسالة لم يجرؤ على فتحها بعد. كانت الشوارع خالية إلا من صدى خطواته ورائحة المطر التي تعلق بالحجارة.',
    'توقف عند الجسر، ونظر إلى الماء الذي يجري تحته كما جرى منذ مئات السنين. تذكر وجه جده وهو يقول له إن الأنهار لا تنسى أحدًا، وإن كل من عبرها ترك فيها شيئًا من نفسه.',
    'فتح الرسالة أخيرًا. لم يكن فيها سوى سطر واحد مكتوب بخط مرتجف: «الباب الذي تبحث عنه مفتوح منذ البداية». ابتسم، وأدرك أن الرحلة الحقيقية بدأت الآن.',
  ].join('\n\n');
}

function chapterPlan(index: number, type: DemoSeries['type']): ChapterPlan[] {
  const plan: ChapterPlan[] = [1, 2, 3].map((number) => ({ number, language: 'AR', group: TEAM }));
  if (index % 5 === 1) plan.push({ number: 1.5, language: 'AR', group: TEAM });
  if (type !== 'novel' && index % 3 === 0) {
    plan.push({ number: 1, language: 'EN', group: 'Night Owl Scans' });
    plan.push({ number: 2, language: 'EN', group: 'Night Owl Scans' });
    if (index % 2 === 0) plan.push({ number: 1, language: 'FR', group: 'Équipe Lune' });
  }
  if (index % 7 === 2) plan.push({ number: 4, language: 'AR', group: 'قارئ متطوع', pending: true });
  return plan;
}

/** A novel with written chapters gets exactly those, each variant in its own language. */
function novelPlan(slug: string): ChapterPlan[] {
  return novelChapterTexts(slug).map(({ number, language, body }) => ({
    number,
    language,
    group: language === 'AR' ? TEAM : NOVEL_TRANSLATORS,
    text: body,
  }));
}

interface PreparedChapter extends ChapterPlan {
  pages: { key: string; width: number; height: number; renditions: PageRenditionRow[] }[];
  novel: PreparedNovelText | null;
}

/** Demo novels are written in the plain-text format of an uploaded `.txt` chapter, and read the same way. */
function novelText(body: string): PreparedNovelText {
  return prepareNovelText(importTxt(Buffer.from(body, 'utf8'), 'demo.txt'));
}

/** The narrower copies of one page image, stored the way ingest stores an upload's. */
async function storeRenditions(storage: MediaStorage, image: EncodedImage): Promise<PageRenditionRow[]> {
  const renditions: PageRenditionRow[] = [];
  for (const copy of await encodeRenditions(image)) {
    const stored = await storage.put(copy.bytes, 'webp');
    renditions.push({ width: copy.width, key: stored.key });
  }
  return renditions;
}

/**
 * Pages stored before renditions existed (demo chapters of an earlier seed) get their narrower copies,
 * made from the stored image; answers how many pages were given them. Idempotent: a page that has its
 * copies, or is too narrow for any, is left as it is.
 */
export async function backfillPageRenditions(em: EntityManager, storage: MediaStorage): Promise<number> {
  const narrowest = Math.min(...RENDITION.smallerWidths);
  const pages = await em
    .getConnection()
    .execute<{ id: number; media_key: string; width: number; height: number }[]>(
      `select id, media_key, width, height from page where renditions = '[]'::jsonb and width > ? order by id`,
      [narrowest],
    );
  let filled = 0;
  for (const page of pages) {
    const bytes = await storage.read(page.media_key);
    if (!bytes) continue;
    const renditions = await storeRenditions(storage, { bytes, ...page });
    await em
      .getConnection()
      .execute('update page set renditions = ?::jsonb where id = ?', [JSON.stringify(renditions), page.id]);
    filled++;
  }
  return filled;
}

/**
 * Series whose cover was stored before covers had narrower copies (demo series of an earlier seed, or
 * works added then) get them, made from the stored cover; answers how many series were given them.
 * Idempotent: a series with its copies, or without a cover, is left as it is.
 */
export async function backfillCoverRenditions(em: EntityManager, storage: MediaStorage): Promise<number> {
  const series = await em
    .getConnection()
    .execute<{ id: number; cover_key: string }[]>(
      `select id, cover_key from series where cover_key is not null and cover_renditions = '[]'::jsonb order by id`,
    );
  let filled = 0;
  for (const row of series) {
    const renditions = await storeCoverRenditionsOf(storage, row.cover_key);
    if (!renditions) continue;
    await em
      .getConnection()
      .execute('update series set cover_renditions = ?::jsonb where id = ?', [
        JSON.stringify(renditions),
        row.id,
      ]);
    filled++;
  }
  return filled;
}

/**
 * Demo series with covers, chapters and generated page images (idempotent: a series whose slug
 * exists is skipped whole, and media are content-addressed, so a re-run writes nothing).
 */
export async function seedDemoContent(
  em: EntityManager,
  storage: MediaStorage,
  users: DemoContentUsers,
  log: (line: string) => void = () => undefined,
): Promise<DemoContentResult> {
  const result: DemoContentResult = { created: 0, skipped: 0, images: 0, chapters: 0 };
  const all = [
    ...DEMO_CATALOGUE.map((s) => ({ s, pending: false, state: 'approved' as ModerationStatus })),
    ...DEMO_PENDING.map((s) => ({ s, pending: true, state: 'pending' as ModerationStatus })),
    // Submitted by the reader and turned down: no chapters, one log row, one notification.
    ...DEMO_REJECTED.map((s) => ({ s, pending: true, state: 'rejected' as ModerationStatus })),
  ];
  const existing = new Set(
    (await em.getConnection().execute<{ slug: string }[]>('select slug from series')).map((r) => r.slug),
  );
  const createdIds: number[] = [];
  const missing = all
    .map((entry, index) => ({ ...entry, index }))
    .filter(({ s }) => {
      if (existing.has(slugify(s.title))) {
        result.skipped++;
        return false;
      }
      return true;
    });

  await pool(
    missing.map(({ s, pending, state, index }) => async () => {
      const colors = palette(index);
      const coverBytes = await renderCover(s.title, s.originalTitle, colors);
      const cover = await storage.put(coverBytes, 'webp');
      const coverRenditions = await storeCoverRenditions(storage, coverBytes);
      result.images += 1 + coverRenditions.length;
      const written = s.type === 'novel' && !pending ? novelPlan(slugify(s.title)) : [];
      const plan =
        state === 'rejected'
          ? []
          : pending
            ? [{ number: 1, language: 'AR' as const, group: 'قارئ متطوع' }]
            : written.length > 0
              ? written
              : chapterPlan(index, s.type);
      const prepared: PreparedChapter[] = [];
      for (const chapter of plan) {
        if (s.type === 'novel') {
          prepared.push({
            ...chapter,
            pages: [],
            novel: novelText(chapter.text ?? novelBody(s.title, chapter.number)),
          });
          continue;
        }
        const strip = s.type !== 'manga';
        const count = strip ? 2 : 4;
        const size = strip ? { width: 800, height: 2400 } : { width: 800, height: 1200 };
        const pages = [];
        for (let p = 1; p <= count; p++) {
          const label = `الفصل ${toArabicDigits(chapter.number)} — صفحة ${toArabicDigits(p)}${chapter.language === 'AR' ? '' : ` (${chapter.language})`}`;
          const bytes = await renderPage({ ...size, colors, title: s.title, label });
          const stored = await storage.put(bytes, 'webp');
          result.images++;
          const renditions = await storeRenditions(storage, { bytes, ...size });
          result.images += renditions.length;
          pages.push({ key: stored.key, ...size, renditions });
        }
        prepared.push({ ...chapter, pages, novel: null });
      }

      const createdAt = new Date(Date.now() - ((index * 37) % 120) * DAY - index * 3_600_000);
      const id = await em.transactional(async (tx) => {
        const repo = new SeriesRepository(tx);
        const { id: seriesId } = await repo.insert({
          type: s.type,
          slug: slugify(s.title),
          title: s.title,
          originalTitle: s.originalTitle,
          altTitles: s.altTitles,
          description: s.description,
          coverKey: cover.key,
          coverWidth: 600,
          coverHeight: 900,
          coverRenditions,
          status: s.status,
          origin: ORIGIN_BY_TYPE[s.type],
          year: s.year,
          author: s.author,
          artist: s.artist ?? s.author,
          tags: s.tags,
          moderationStatus: state,
          createdBy: pending ? users.reader : users.admin,
          searchText: seriesSearchText({ ...s }),
        });
        await tx.execute('update series set created_at = ?, updated_at = ? where id = ?', [
          createdAt,
          createdAt,
          seriesId,
        ]);
        if (state === 'rejected') {
          await tx.execute(
            `insert into moderation_log (actor_id, action, content_type, content_id, title, from_status, note)
             values (?, 'reject', 'series', ?, ?, 'pending', ?)`,
            [users.moderator, seriesId, s.title, DEMO_REJECTION_REASON],
          );
          await tx.execute(
            `insert into notification (user_id, type, title, body, path) values (?, 'system', ?, ?, ?)`,
            [
              users.reader,
              NOTIFICATION_TEXTS.rejectedTitle,
              NOTIFICATION_TEXTS.rejectedBody(s.title, DEMO_REJECTION_REASON),
              `/series/manga/${encodeURIComponent(slugify(s.title))}`,
            ],
          );
        }
        for (const [i, chapter] of prepared.entries()) {
          const isPending = pending || chapter.pending === true;
          const publishedAt = isPending
            ? null
            : new Date(Date.now() - ((index * 11 + (4 - chapter.number) * 9 + i) % 60) * DAY);
          const rows = await tx.execute<{ id: number }[]>(
            `insert into chapter (series_id, number, title, language, translation_group, uploader_id,
               moderation_status, published_at, page_count, text, word_count, created_at)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?) returning id`,
            [
              seriesId,
              chapter.number,
              chapter.language === 'AR' ? `الفصل ${chapter.number}` : `Chapter ${chapter.number}`,
              chapter.language,
              chapter.group,
              isPending ? users.reader : users.moderator,
              isPending ? 'pending' : 'approved',
              publishedAt,
              chapter.pages.length,
              chapter.novel && JSON.stringify(chapter.novel.text),
              chapter.novel?.words ?? null,
              publishedAt ?? new Date(),
            ],
          );
          const chapterId = rows[0]!.id;
          for (const [p, page] of chapter.pages.entries()) {
            await tx.execute(
              'insert into page (chapter_id, index, media_key, width, height, renditions) values (?, ?, ?, ?, ?, ?)',
              [chapterId, p, page.key, page.width, page.height, JSON.stringify(page.renditions)],
            );
          }
          result.chapters++;
        }
        return seriesId;
      });
      createdIds.push(id);
      result.created++;
      log(`  + ${s.type.padEnd(6)} ${s.title}`);
    }),
    3,
  );

  if (createdIds.length > 0) await seedReactions(em, createdIds, users);
  await new SeriesRepository(em).refreshChapterStats();
  return result;
}

/** Likes, favourites, ratings and views on the new series, then counters recomputed from the rows. */
async function seedReactions(em: EntityManager, seriesIds: number[], users: DemoContentUsers): Promise<void> {
  const ids = JSON.stringify(seriesIds);
  const inSeries = `(select jsonb_array_elements_text(?::jsonb)::int)`;
  const conn = em.getConnection();
  const accounts = [users.reader, users.moderator, users.admin, users.owner];
  for (const [i, userId] of accounts.entries()) {
    await conn.execute(
      `insert into chapter_like (user_id, chapter_id)
       select ?, c.id from chapter c where c.series_id in ${inSeries} and c.moderation_status = 'approved'
         and (c.id + ?) % 3 <> 0
       on conflict do nothing`,
      [userId, ids, i],
    );
    await conn.execute(
      `insert into favorite (user_id, series_id)
       select ?, s.id from series s where s.id in ${inSeries} and s.moderation_status = 'approved' and (s.id + ?) % 2 = 0
       on conflict do nothing`,
      [userId, ids, i],
    );
    await conn.execute(
      `insert into rating (user_id, series_id, score)
       select ?, s.id, 4 + (s.id * 7 + ?) % 7 from series s
       where s.id in ${inSeries} and s.moderation_status = 'approved'
       on conflict do nothing`,
      [userId, i * 3, ids],
    );
  }
  // Views from past days by many (synthetic) readers: between 5 and 400 per chapter.
  await conn.execute(
    `insert into chapter_view (chapter_id, viewer, day)
     select c.id, 'seed:' || g, current_date - (g % 30)
     from chapter c cross join lateral generate_series(1, 5 + (c.id * 97 + c.series_id * 31) % 396) g
     where c.series_id in ${inSeries} and c.moderation_status = 'approved'
     on conflict do nothing`,
    [ids],
  );
  await conn.execute(
    `update chapter c set
       like_count = (select count(*) from chapter_like l where l.chapter_id = c.id),
       view_count = (select count(*) from chapter_view v where v.chapter_id = c.id)
     where c.series_id in ${inSeries}`,
    [ids],
  );
  await conn.execute(
    `update series s set
       like_count = (select coalesce(sum(c.like_count), 0) from chapter c where c.series_id = s.id),
       view_count = (select coalesce(sum(c.view_count), 0) from chapter c where c.series_id = s.id),
       favorite_count = (select count(*) from favorite f where f.series_id = s.id),
       rating_sum = (select coalesce(sum(r.score), 0) from rating r where r.series_id = s.id),
       rating_count = (select count(*) from rating r where r.series_id = s.id)
     where s.id in ${inSeries}`,
    [ids],
  );
}
