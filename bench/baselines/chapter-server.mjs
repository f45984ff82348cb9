// The chapter API's baseline: bare Node `http` + `pg`, running exactly the reader's SQL (imported from
// the platform build) for an anonymous reader, with no framework, guards or validation around it.
import http from 'node:http';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import pg from 'pg';

const require = createRequire(import.meta.url);
const {
  READER_SQL,
  visibleChaptersSql,
  PUBLIC_VISIBILITY,
} = require('../../platform/dist/modules/series/reader.sql.js');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const renumber = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const SQL = {
  series: renumber(READER_SQL.seriesBySlug),
  chapters: renumber(visibleChaptersSql(PUBLIC_VISIBILITY, 'asc')),
  content: renumber(READER_SQL.content),
  countView: renumber(READER_SQL.countView),
};

async function chapter(slug, number, viewer) {
  const series = (await pool.query(SQL.series, [slug])).rows[0];
  if (!series) return null;
  const all = (await pool.query(SQL.chapters, [series.id])).rows;
  const chosen = all.find((c) => Number(c.number) === number);
  if (!chosen) return null;
  const [content, counted] = await Promise.all([
    pool.query(SQL.content, [chosen.id]),
    pool.query(SQL.countView, [chosen.id, viewer]),
  ]);
  const numbers = [...new Set(all.map((c) => Number(c.number)))];
  const at = numbers.indexOf(number);
  const pages = content.rows[0].pages.map(([key, width, height, source]) => ({
    url: `/media/${key}`,
    width,
    height,
    source,
  }));
  return {
    success: true,
    message: 'ok',
    data: {
      id: chosen.id,
      mangaId: series.id,
      mangaSlug: series.slug,
      mangaTitle: series.title,
      title: chosen.title,
      chapterNumber: number,
      images: pages.map((p) => p.url),
      pages,
      text: content.rows[0].text,
      wordCount: content.rows[0].word_count,
      views: counted.rows[0]?.view_count ?? chosen.view_count,
      likes: chosen.like_count,
      nextChapter: numbers[at + 1] ?? null,
      prevChapter: at > 0 ? numbers[at - 1] : null,
      chapterNumbers: numbers,
    },
  };
}

http
  .createServer(async (req, res) => {
    const match = /^\/series\/manga\/([^/?]+)\/([\d.]+)(?:\?.*)?$/.exec(req.url ?? '');
    const viewer = crypto
      .createHash('sha256')
      .update(`${req.socket.remoteAddress}|${req.headers['user-agent']}`)
      .digest('hex');
    const body = match ? await chapter(decodeURIComponent(match[1]), Number(match[2]), viewer) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body ?? { success: false }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
