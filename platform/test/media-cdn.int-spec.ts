import { ChapterResponseSchema, CoverUploadResponseSchema } from '@warraq/contracts';
import sharp from 'sharp';
import { signIn } from './auth-helpers';
import { newChapter, newSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

const CDN = 'http://cdn.warraq.localhost:8080';

describe('media URLs on a cdn host (WARRAQ_MEDIA_BASE_URL)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { WARRAQ_MEDIA_BASE_URL: `${CDN}/` } });
    cookie = await signIn(t, await newUser(t.orm));
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives uploaded covers and new series thumbnails a cdn URL', async () => {
    const photo = await sharp({ create: { width: 640, height: 960, channels: 3, background: '#824' } })
      .png()
      .toBuffer();
    const res = await t
      .api()
      .post('/api/media/covers')
      .set('Cookie', cookie)
      .set('Content-Type', 'image/png')
      .send(photo);
    expect(res.status).toBe(201);
    const cover = CoverUploadResponseSchema.parse(res.body);
    expect(cover.url).toBe(`${CDN}/media/${cover.key}`);

    const created = await t
      .api()
      .post('/api/content')
      .set('Cookie', cookie)
      .send({
        title: 'غلاف على شبكة التوزيع',
        description: 'عمل جديد يُعرض غلافه من مضيف الوسائط.',
        coverKey: cover.key,
        metadata: { author: 'كاتب', year: 2025 },
      });
    expect(created.status).toBe(201);
    const detail = await t
      .api()
      .get(`/api/series/manga/${encodeURIComponent(created.body.slug)}`)
      .set('Cookie', cookie);
    expect(detail.body.data.thumbnail).toBe(`${CDN}/media/${cover.key}`);
  });

  it('gives chapter pages cdn URLs', async () => {
    const series = await newSeries(t.orm, { title: 'صفحات من مضيف الوسائط' });
    await newChapter(t.orm, { series, number: 1, pages: 2 });
    const res = await t.api().get(`/api/series/manga/${encodeURIComponent(series.slug)}/1`);
    expect(res.status).toBe(200);
    const chapter = ChapterResponseSchema.parse(res.body).data;
    for (const url of [...chapter.images, ...chapter.pages.map((page) => page.url)]) {
      expect(url).toMatch(new RegExp(`^${CDN}/media/[a-f0-9]{64}\\.webp$`));
    }
  });

  it('still serves /media/<key> itself (the cdn host proxies to the same route)', async () => {
    const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const res = await t
      .api()
      .post('/api/media/covers')
      .set('Cookie', cookie)
      .set('Content-Type', 'image/webp')
      .send(bytes);
    const { key } = CoverUploadResponseSchema.parse(res.body);
    expect((await t.api().get(`/media/${key}`)).status).toBe(200);
  });
});
