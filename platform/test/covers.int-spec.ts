import {
  CONTENT_MESSAGES,
  COVER_UPLOAD,
  CoverUploadResponseSchema,
  type CreateContentBody,
} from '@warraq/contracts';
import { pngClaimingSize } from '@warraq/test-media';
import sharp from 'sharp';
import { signIn } from './auth-helpers';
import { newChapter, newSeries } from './factories/content.factory';
import { newUser } from './factories/user.factory';
import { createTestApp, type TestApp } from './test-app';

describe('cover uploads (POST /api/media/covers)', () => {
  let t: TestApp;
  let cookie: string;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, await newUser(t.orm));
    photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (bytes: Buffer, type = 'image/jpeg', withCookie = true) => {
    const req = t.api().post('/api/media/covers').set('Content-Type', type);
    return (withCookie ? req.set('Cookie', cookie) : req).send(bytes);
  };

  it('re-encodes a photo into a 600×900 WebP cover without its metadata, served immutable', async () => {
    const res = await upload(photo);
    expect(res.status).toBe(201);
    const answer = CoverUploadResponseSchema.parse(res.body);
    expect(answer.url).toBe(`/media/${answer.key}`);
    const served = await t.api().get(answer.url);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 900]);
    expect(meta.exif).toBeUndefined();
    expect((served.body as Buffer).includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('needs a signed-in user', async () => {
    expect((await upload(photo, 'image/jpeg', false)).status).toBe(401);
  });

  it('judges a file by its bytes, not its declared type', async () => {
    const res = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.errors.file).toEqual([COVER_UPLOAD.invalidType]);
    expect((await upload(photo, 'text/plain')).status).toBe(400);
  });

  it('refuses a header that claims a huge image, and a truncated one, without decoding them', async () => {
    const bomb = await upload(pngClaimingSize(100_000, 100_000), 'image/png');
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors.file).toEqual([COVER_UPLOAD.unreadable]);
    const truncated = await upload(photo.subarray(0, Math.floor(photo.length / 3)));
    expect(truncated.status).toBe(400);
  });

  it('refuses more than 10 MB with 413', async () => {
    const big = Buffer.concat([photo, Buffer.alloc(COVER_UPLOAD.maxBytes + 1)]);
    expect((await upload(big)).status).toBe(413);
  });

  it('gives a new series the uploaded cover, and refuses a key that was never uploaded', async () => {
    const { key } = CoverUploadResponseSchema.parse((await upload(photo)).body);
    const body = {
      title: 'غلاف مرفوع',
      description: 'عمل جديد بغلاف رفعه صاحبه من جهازه مباشرة.',
      coverKey: key,
      metadata: { author: 'كاتب', year: 2025 },
    } satisfies CreateContentBody;
    const created = await t.api().post('/api/content').set('Cookie', cookie).send(body);
    expect(created.status).toBe(201);
    const detail = await t
      .api()
      .get(`/api/series/manga/${encodeURIComponent(created.body.slug)}`)
      .set('Cookie', cookie);
    expect(detail.body.data.thumbnail).toBe(`/media/${key}`);
    expect([detail.body.data.coverWidth, detail.body.data.coverHeight]).toEqual([600, 900]);
    // Narrower copies for lists of small covers: each a stored WebP of the cover's shape at its width.
    const renditions = detail.body.data.coverRenditions as { width: number; url: string }[];
    expect(renditions.map((copy) => copy.width)).toEqual([200, 400, 600]);
    expect(renditions[2]!.url).toBe(`/media/${key}`);
    for (const copy of renditions.slice(0, 2)) {
      const served = await t.api().get(copy.url).buffer(true);
      expect(served.status).toBe(200);
      const { format, width, height } = await sharp(served.body as Buffer).metadata();
      expect([format, width, height]).toEqual(['webp', copy.width, copy.width * 1.5]);
    }

    const unknown = await t
      .api()
      .post('/api/content')
      .set('Cookie', cookie)
      .send({ ...body, title: 'غلاف مفقود', coverKey: `${'a'.repeat(64)}.webp` });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.coverKey).toEqual([COVER_UPLOAD.missing]);
  });

  it('refuses a cover URL, even beside an upload, and stores nothing', async () => {
    const { key } = CoverUploadResponseSchema.parse((await upload(photo)).body);
    const title = 'غلاف من موقع آخر';
    const res = await t
      .api()
      .post('/api/content')
      .set('Cookie', cookie)
      .send({
        title,
        description: 'عمل جديد يشير غلافه إلى صورة على موقع لا نعرفه.',
        thumbnail: 'https://tracker.example/cover.png',
        coverKey: key,
        metadata: { author: 'كاتب', year: 2025 },
      });
    expect(res.status).toBe(400);
    expect(res.body.errors.thumbnail).toEqual([CONTENT_MESSAGES.coverUrlRefused]);
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from series where title = ?`, [title]);
    expect(rows[0]?.n).toBe(0);
  });

  it('never hands out a cover URL stored before covers had to be uploaded: readers get the fallback', async () => {
    const legacy = await newSeries(t.orm, { title: 'غلاف قديم من الخارج' });
    await t.orm.em
      .fork()
      .getConnection()
      .execute(`update series set cover_url = ? where id = ?`, [
        'https://tracker.example/old.png',
        legacy.id,
      ]);
    await newChapter(t.orm, { series: legacy, number: 1 });
    const answers = await Promise.all(
      [
        `/api/series/manga/${encodeURIComponent(legacy.slug)}`,
        `/api/content?search=${encodeURIComponent('غلاف قديم')}`,
        '/api/content/popular-new',
      ].map((path) => t.api().get(path).set('Cookie', cookie)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).toContain('غلاف قديم من الخارج');
      expect(JSON.stringify(answer.body)).not.toContain('tracker.example');
    }
    expect(answers[0]?.body.data.thumbnail).toBeNull();
  });
});
