import sharp from 'sharp';
import { MediaStorage } from '../src/modules/media/media-storage';
import { createTestApp, type TestApp } from './test-app';

describe('media serving at /media/<key>', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
      .webp()
      .toBuffer();
    const storage = t.app.get(MediaStorage);
    const stored = await storage.put(bytes, 'webp');
    key = stored.key;
    expect(stored.created).toBe(true);
    expect((await storage.put(bytes, 'webp')).created).toBe(false);
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams a stored key with immutable caching and nosniff', async () => {
    const res = await t.api().get(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(4);
  });

  it('is not under /api', async () => {
    expect((await t.api().get(`/api/media/${key}`)).status).toBe(404);
  });

  it.each([
    `${'0'.repeat(64)}.webp`,
    '..%2F..%2Fetc%2Fpasswd',
    '..%2Fpackage.json',
    `${'A'.repeat(64)}.webp`,
    `${'a'.repeat(64)}.svg`,
    `${'a'.repeat(64)}.html`,
  ])('refuses %s with 404', async (bad) => {
    const res = await t.api().get(`/media/${bad}`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
