import {
  FEED_ROUTES,
  type FeedTokenCreatedResponse,
  FeedTokenCreatedResponseSchema,
  FeedTokenStatusResponseSchema,
  routePath,
  FOLLOW_ROUTES,
} from '@warraq/contracts';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { MediaStorage } from '../src/modules/media/media-storage';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newChapter, newSeries, type TestChapter, type TestSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

interface XmlNode {
  name: string;
  uri: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A strict XML parse (saxes throws on anything not well-formed) into a small tree. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.local,
      uri: tag.uri,
      attrs: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root!;
}

function all(node: XmlNode, name: string): XmlNode[] {
  return node.children.flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
}
const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
const linkOf = (node: XmlNode, rel: string) =>
  node.children.find((c) => c.name === 'link' && c.attrs.rel === rel)?.attrs;

const ATOM = 'http://www.w3.org/2005/Atom';
const HOSTILE = '<script>alert(1)</script> & «عنوان»';

const COVER = `${'c'.repeat(64)}.webp`;
const COVER_200 = `${'2'.repeat(64)}.webp`;
const COVER_400 = `${'4'.repeat(64)}.webp`;

describe('feeds', () => {
  let t: TestApp;
  let series: TestSeries;
  let first: TestChapter;
  let second: TestChapter;
  let pending: TestChapter;
  let pendingSeries: TestSeries;
  let novel: TestSeries;
  let novelChapter: TestChapter;
  let pageBytes: Buffer;
  let cookie: string;

  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  const sql = (query: string, params: unknown[]) => t.orm.em.fork().getConnection().execute(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    series = await newSeries(t.orm, { title: `مانجا ${HOSTILE}` });
    first = await newChapter(t.orm, { series, number: 1, pages: 1 });
    second = await newChapter(t.orm, { series, number: 2, pages: 3, group: 'فريق <b>النور</b>' });
    pending = await newChapter(t.orm, { series, number: 3, moderationStatus: 'pending' });
    await sql(`update chapter set title = ? where id = ?`, [HOSTILE, second.id]);
    await sql(`update series set cover_key = ?, cover_renditions = ?::jsonb where id = ?`, [
      COVER,
      JSON.stringify([
        { width: 200, key: COVER_200 },
        { width: 400, key: COVER_400 },
      ]),
      series.id,
    ]);
    // Chapter 2 was published after chapter 1.
    await sql(`update chapter set published_at = now() - interval '1 day' where id = ?`, [first.id]);
    pendingSeries = await newSeries(t.orm, { title: 'عمل ينتظر المراجعة', moderationStatus: 'pending' });
    await newChapter(t.orm, { series: pendingSeries, number: 1 });
    novel = await newSeries(t.orm, { type: 'novel', title: 'رواية الاختبار' });
    novelChapter = await newChapter(t.orm, { series: novel, number: 1, pages: 0 });
    await sql(`update chapter set text = ?::jsonb where id = ?`, [
      JSON.stringify({
        version: 1,
        blocks: [
          {
            type: 'paragraph',
            runs: [{ text: 'قال ' }, { text: '<script>alert(2)</script>', strong: true }],
          },
          { type: 'scene-break' },
          { type: 'dialogue', runs: [{ text: '«من هناك؟» & <img src=x onerror=alert(3)>' }] },
        ],
      }),
      novelChapter.id,
    ]);
    // Page 0 of chapter 2 is a real stored image, so the page stream can be followed to its bytes.
    pageBytes = await sharp({ create: { width: 4, height: 6, channels: 3, background: '#345' } })
      .webp()
      .toBuffer();
    const { key } = await t.app.get(MediaStorage).put(pageBytes, 'webp');
    await sql(`update page set media_key = ? where chapter_id = ? and index = 0`, [key, second.id]);
    const reader = await newUser(t.orm);
    cookie = await signIn(t, reader);
  });
  afterAll(async () => {
    await t.close();
  });

  const createToken = async (): Promise<FeedTokenCreatedResponse> => {
    const res = await t
      .api()
      .post(routePath(FEED_ROUTES.createToken))
      .set('Origin', BROWSER_ORIGIN)
      .set('Cookie', cookie);
    expect(res.status).toBe(201);
    return FeedTokenCreatedResponseSchema.parse(res.body);
  };

  describe('RSS and Atom', () => {
    it("gives a series' approved chapters as RSS 2.0, newest first, escaped, with absolute links", async () => {
      const res = await t.api().get(routePath(FEED_ROUTES.seriesFeed, { slug: series.slug, format: 'rss' }));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toContain('max-age');
      const rss = parseXml(res.text);
      expect(rss.name).toBe('rss');
      expect(rss.attrs.version).toBe('2.0');
      const channel = child(rss, 'channel')!;
      // The title comes back as the text it is: no element was smuggled in.
      expect(child(channel, 'title')!.text).toBe(`مانجا ${HOSTILE} — ورّاق`);
      expect(all(rss, 'script')).toEqual([]);
      expect(all(rss, 'b')).toEqual([]);
      const items = all(channel, 'item');
      expect(items.map((i) => child(i, 'guid')!.text)).toEqual([
        `tag:warraq,2025:chapter:${second.id}`,
        `tag:warraq,2025:chapter:${first.id}`,
      ]);
      expect(child(items[0]!, 'title')!.text).toContain(HOSTILE);
      expect(child(items[0]!, 'description')!.text).toContain('فريق <b>النور</b>');
      const link = child(items[0]!, 'link')!.text;
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(pathOf(link)).toBe(`/series/manga/${encodeURIComponent(series.slug)}/2?variant=${second.id}`);
      expect(pathOf(child(channel, 'link')!.text)).toBe(`/series/manga/${encodeURIComponent(series.slug)}`);
      // The feed's self link resolves to the same document.
      const self = all(channel, 'link').find((l) => l.uri === ATOM)!.attrs.href!;
      const again = await t.api().get(pathOf(self));
      expect(again.text).toBe(res.text);
    });

    it('gives the same chapters as Atom 1.0, and 304 to a reader app that has them', async () => {
      const res = await t.api().get(routePath(FEED_ROUTES.seriesFeed, { slug: series.slug, format: 'atom' }));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const feed = parseXml(res.text);
      expect(feed.name).toBe('feed');
      expect(feed.uri).toBe(ATOM);
      const entries = all(feed, 'entry');
      expect(entries.map((e) => child(e, 'id')!.text)).toEqual([
        `tag:warraq,2025:chapter:${second.id}`,
        `tag:warraq,2025:chapter:${first.id}`,
      ]);
      expect(linkOf(feed, 'self')!.href).toContain(`/atom`);
      expect(res.headers['last-modified']).toBeDefined();
      const cached = await t
        .api()
        .get(routePath(FEED_ROUTES.seriesFeed, { slug: series.slug, format: 'atom' }))
        .set('If-None-Match', res.headers.etag!);
      expect(cached.status).toBe(304);
      expect(cached.text).toBeFalsy();
    });

    it('never shows pending content: a pending series has no feed, a pending chapter no entry', async () => {
      const refused = await t
        .api()
        .get(routePath(FEED_ROUTES.seriesFeed, { slug: pendingSeries.slug, format: 'rss' }));
      expect(refused.status).toBe(404);
      for (const format of ['rss', 'atom'] as const) {
        const res = await t.api().get(routePath(FEED_ROUTES.latestFeed, { format })).query({ type: 'manga' });
        expect(res.status).toBe(200);
        const ids = all(parseXml(res.text), format === 'rss' ? 'guid' : 'id').map((n) => n.text);
        expect(ids).toContain(`tag:warraq,2025:chapter:${second.id}`);
        expect(ids).not.toContain(`tag:warraq,2025:chapter:${pending.id}`);
        expect(res.text).not.toContain(pendingSeries.title);
      }
    });

    it("keeps a site's latest feed to its type", async () => {
      const novels = await t
        .api()
        .get(routePath(FEED_ROUTES.latestFeed, { format: 'atom' }))
        .query({ type: 'novel' });
      const ids = all(parseXml(novels.text), 'entry').map((e) => child(e, 'id')!.text);
      expect(ids).toContain(`tag:warraq,2025:chapter:${novelChapter.id}`);
      expect(ids).not.toContain(`tag:warraq,2025:chapter:${second.id}`);
      const bad = await t
        .api()
        .get(routePath(FEED_ROUTES.latestFeed, { format: 'atom' }))
        .query({ type: 'x' });
      expect(bad.status).toBe(400);
    });
  });

  describe('the private updates feed', () => {
    it("lists the owner's followed series' chapters, minus a hidden group's, and ends with the token", async () => {
      const { token } = await createToken();
      const feedPath = routePath(FEED_ROUTES.updatesFeed, { token: token.value, format: 'atom' });
      const empty = await t.api().get(feedPath);
      expect(empty.status).toBe(200);
      expect(empty.headers['cache-control']).toBe('private, no-cache');
      expect(all(parseXml(empty.text), 'entry')).toEqual([]);

      const follow = await t
        .api()
        .put(routePath(FOLLOW_ROUTES.followSeries, { id: series.id }))
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', cookie)
        .send({ hiddenGroups: ['فريق <b>النور</b>'] });
      expect(follow.status).toBe(200);
      const feed = parseXml((await t.api().get(feedPath)).text);
      // Chapter 2 is by the hidden group, chapter 3 still pending: only chapter 1 is wanted.
      expect(all(feed, 'entry').map((e) => child(e, 'id')!.text)).toEqual([
        `tag:warraq,2025:chapter:${first.id}`,
      ]);
      expect(pathOf(linkOf(all(feed, 'entry')[0]!, 'alternate')!.href!)).toBe(
        `/series/manga/${encodeURIComponent(series.slug)}/1?variant=${first.id}`,
      );
      const rss = await t
        .api()
        .get(routePath(FEED_ROUTES.updatesFeed, { token: token.value, format: 'rss' }));
      expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(all(parseXml(rss.text), 'item')).toHaveLength(1);

      await t
        .api()
        .delete(routePath(FEED_ROUTES.revokeToken))
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', cookie);
      expect((await t.api().get(feedPath)).status).toBe(404);
      expect((await t.api().get('/api/feeds/updates/not-a-token/atom')).status).toBe(404);
    });
  });

  describe('the OPDS catalog', () => {
    it('is browsed from its root to a series, its page stream and a novel chapter, all by the token URL', async () => {
      const created = await createToken();
      const status = await t.api().get(routePath(FEED_ROUTES.tokenStatus)).set('Cookie', cookie);
      expect(FeedTokenStatusResponseSchema.parse(status.body).token?.createdAt).toBe(created.token.createdAt);
      expect(JSON.stringify(status.body)).not.toContain(created.token.value);

      const root = await t.api().get(created.token.opdsPath);
      expect(root.status).toBe(200);
      expect(root.headers['content-type']).toBe(
        'application/atom+xml;profile=opds-catalog;kind=navigation;charset=utf-8',
      );
      expect(root.headers['cache-control']).toBe('private, no-cache');
      // A reader app polling the root a second later has it already: the same document, a 304.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const again = await t.api().get(created.token.opdsPath).set('If-None-Match', root.headers.etag!);
      expect(again.status).toBe(304);
      const nav = parseXml(root.text);
      const titles = all(nav, 'entry').map((e) => child(e, 'title')!.text);
      expect(titles).toEqual(expect.arrayContaining(['أحدث التحديثات', 'الأكثر قراءة']));

      // Latest updates → the series (a subsection of kind acquisition).
      const latest = all(nav, 'entry').find((e) => child(e, 'title')!.text === 'أحدث التحديثات')!;
      const list = await t.api().get(pathOf(linkOf(latest, 'subsection')!.href!));
      expect(list.status).toBe(200);
      const listed = all(parseXml(list.text), 'entry');
      expect(listed.map((e) => child(e, 'title')!.text)).not.toContain(pendingSeries.title);
      const entry = listed.find((e) => child(e, 'title')!.text === `مانجا ${HOSTILE}`)!;
      const sub = linkOf(entry, 'subsection')!;
      expect(sub.type).toBe('application/atom+xml;profile=opds-catalog;kind=acquisition');
      // The cover, and the narrower copy as the thumbnail a reader app lists works with.
      expect(pathOf(linkOf(entry, 'http://opds-spec.org/image')!.href!)).toBe(`/media/${COVER}`);
      expect(pathOf(linkOf(entry, 'http://opds-spec.org/image/thumbnail')!.href!)).toBe(
        `/media/${COVER_400}`,
      );

      const acquisition = await t.api().get(pathOf(sub.href!));
      expect(acquisition.headers['content-type']).toBe(
        'application/atom+xml;profile=opds-catalog;kind=acquisition;charset=utf-8',
      );
      const chapters = all(parseXml(acquisition.text), 'entry');
      expect(chapters.map((e) => child(e, 'id')!.text)).toEqual([
        `tag:warraq,2025:chapter:${second.id}`,
        `tag:warraq,2025:chapter:${first.id}`,
      ]);
      const stream = chapters[0]!.children.find(
        (c) => c.name === 'link' && c.attrs.rel === 'http://vaemendis.net/opds-pse/stream',
      )!;
      expect(stream.attrs['pse:count']).toBe('3');
      expect(stream.attrs.href).toMatch(/\/pages\/\{pageNumber\}$/);
      const page = await t
        .api()
        .get(pathOf(stream.attrs.href!.replace('{pageNumber}', '0')))
        .buffer(true);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('image/webp');
      expect(Buffer.compare(page.body as Buffer, pageBytes)).toBe(0);
      const beyond = await t.api().get(pathOf(stream.attrs.href!.replace('{pageNumber}', '3')));
      expect(beyond.status).toBe(404);

      // The pending chapter has no entry and no page stream.
      expect(acquisition.text).not.toContain(`chapter:${pending.id}`);
      const pendingPage = await t
        .api()
        .get(routePath(FEED_ROUTES.opdsPage, { token: created.token.value, id: pending.id, pageNumber: 0 }));
      expect(pendingPage.status).toBe(404);
    });

    it('serves a novel chapter as HTML with every run escaped, and finds series through OpenSearch', async () => {
      const { token } = await createToken();
      const series = await t
        .api()
        .get(routePath(FEED_ROUTES.opdsSeries, { token: token.value, slug: novel.slug }));
      const [chapter] = all(parseXml(series.text), 'entry');
      const open = linkOf(chapter!, 'http://opds-spec.org/acquisition/open-access')!;
      expect(open.type).toBe('text/html');
      const html = await t.api().get(pathOf(open.href!));
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['content-security-policy']).toContain("default-src 'none'");
      expect(html.text).toContain('<strong>&lt;script&gt;alert(2)&lt;/script&gt;</strong>');
      expect(html.text).toContain('&lt;img src=x onerror=alert(3)&gt;');
      expect(html.text).not.toMatch(/<script|<img/);
      expect(html.text).toContain('<html lang="ar" dir="rtl">');

      const description = await t.api().get(routePath(FEED_ROUTES.opdsSearch, { token: token.value }));
      expect(description.headers['content-type']).toContain('application/opensearchdescription+xml');
      const template = all(parseXml(description.text), 'Url')[0]!.attrs.template!;
      expect(template).toContain('{searchTerms}');
      const found = await t
        .api()
        .get(pathOf(template.replace('{searchTerms}', encodeURIComponent('رواية الاختبار'))));
      expect(found.status).toBe(200);
      expect(all(parseXml(found.text), 'entry').map((e) => child(e, 'title')!.text)).toContain(
        'رواية الاختبار',
      );
    });

    it('refuses a revoked or replaced token, and an unknown one, with 404', async () => {
      const old = await createToken();
      const replacement = await createToken();
      expect((await t.api().get(old.token.opdsPath)).status).toBe(404);
      expect((await t.api().get(replacement.token.opdsPath)).status).toBe(200);

      const revoked = await t
        .api()
        .delete(routePath(FEED_ROUTES.revokeToken))
        .set('Origin', BROWSER_ORIGIN)
        .set('Cookie', cookie);
      expect(revoked.status).toBe(200);
      for (const path of [
        replacement.token.opdsPath,
        routePath(FEED_ROUTES.opdsSeries, { token: replacement.token.value, slug: series.slug }),
        routePath(FEED_ROUTES.opdsPage, { token: replacement.token.value, id: second.id, pageNumber: 0 }),
      ]) {
        expect((await t.api().get(path)).status).toBe(404);
      }
      const status = await t.api().get(routePath(FEED_ROUTES.tokenStatus)).set('Cookie', cookie);
      expect(status.body.token).toBeNull();
      expect((await t.api().get('/api/opds/not-a-token')).status).toBe(404);
    });
  });
});
