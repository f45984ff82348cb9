import { CoverUploadResponseSchema } from '@warraq/contracts';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { LedgeredMediaStorage } from '../src/modules/media/ledgered-media.storage';
import { MediaStorage } from '../src/modules/media/media-storage';
import { MediaStorageError, S3MediaStorage } from '../src/modules/media/s3-media.storage';
import { signIn } from './auth-helpers';
import { newUser } from './factories/user.factory';
import { type FakeS3, fakeS3Env, startFakeS3 } from './media-fake-s3';
import { createTestApp, type TestApp } from './test-app';

async function webp(background: string): Promise<Buffer> {
  return sharp({ create: { width: 6, height: 4, channels: 3, background } })
    .webp()
    .toBuffer();
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('S3MediaStorage against a signature-checking S3 server', () => {
  let s3: FakeS3;
  let storage: S3MediaStorage;
  let bytes: Buffer;
  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = new S3MediaStorage(s3.settings({ prefix: 'media/' }));
    bytes = await webp('#36c');
  });
  beforeEach(() => {
    s3.requests.length = 0;
    s3.objects.clear();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('puts bytes under their sha256 key with the content type and immutable caching', async () => {
    const stored = await storage.put(bytes, 'webp');
    expect(stored).toEqual({ key: `${sha256(bytes)}.webp`, created: true, size: bytes.length });
    const object = s3.objects.get(`media/${stored.key}`);
    expect(object?.body.equals(bytes)).toBe(true);
    expect(object?.contentType).toBe('image/webp');
    expect(object?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(s3.requests).toEqual([
      `HEAD /${s3.bucket}/media/${stored.key}`,
      `PUT /${s3.bucket}/media/${stored.key}`,
    ]);
  });

  it('does not upload the same bytes twice', async () => {
    await storage.put(bytes, 'webp');
    s3.requests.length = 0;
    const again = await storage.put(bytes, 'webp');
    expect(again.created).toBe(false);
    expect(s3.requests).toEqual([`HEAD /${s3.bucket}/media/${again.key}`]);
  });

  it('tells stored keys from unknown ones, and streams them back whole', async () => {
    const { key } = await storage.put(bytes, 'webp');
    const unknown = `${'0'.repeat(64)}.webp`;
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
    expect(await storage.exists(unknown)).toBe(false);
    expect(await storage.open(unknown)).toBeNull();
    const object = await storage.open(key);
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(bytes.length);
    expect((await readAll(object!.stream)).equals(bytes)).toBe(true);
  });

  it('never sends a malformed key to the store', async () => {
    for (const bad of ['../secret.webp', `${'a'.repeat(64)}.svg`, `${'A'.repeat(64)}.webp`, '']) {
      expect(await storage.open(bad)).toBeNull();
      expect(await storage.exists(bad)).toBe(false);
      await storage.delete(bad);
    }
    expect(s3.requests).toEqual([]);
  });

  it('deletes, and deleting again (or what never was) still succeeds', async () => {
    const { key } = await storage.put(bytes, 'webp');
    await storage.delete(key);
    expect(s3.objects.has(`media/${key}`)).toBe(false);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('is refused by the store with a wrong secret, and says so', async () => {
    const forged = new S3MediaStorage(s3.settings({ secretAccessKey: 'not-the-secret' }));
    await expect(forged.put(bytes, 'webp')).rejects.toThrow(/HEAD .* answered 403/);
    await expect(forged.open(`${sha256(bytes)}.webp`)).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(s3.objects.size).toBe(0);
  });

  it('is refused with the wrong region (the signature scope is checked)', async () => {
    const elsewhere = new S3MediaStorage(s3.settings({ region: 'us-east-1' }));
    await expect(elsewhere.open(`${sha256(bytes)}.webp`)).rejects.toThrow(/AuthorizationHeaderMalformed/);
  });

  it('reports store failures with the request, status and S3 error code', async () => {
    s3.failNext(503, 'SlowDown');
    const error = await storage.open(`${sha256(bytes)}.webp`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaStorageError);
    expect((error as Error).message).toMatch(
      new RegExp(`S3 GET s3://${s3.bucket}/media/[0-9a-f]{64}\\.webp answered 503 SlowDown`),
    );
    s3.failNext(500, 'InternalError');
    await expect(storage.put(bytes, 'webp')).rejects.toThrow(/answered 500/);
    expect(s3.objects.size).toBe(0);
  });

  it('gives up on a store that does not answer', async () => {
    const impatient = new S3MediaStorage(s3.settings({ timeoutMs: 300 }));
    s3.stallNext();
    const started = Date.now();
    await expect(impatient.exists(`${sha256(bytes)}.webp`)).rejects.toThrow(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports an unreachable endpoint clearly', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new S3MediaStorage(s3.settings({ endpoint: `http://127.0.0.1:${port}` }));
    await expect(nowhere.exists(`${sha256(bytes)}.webp`)).rejects.toThrow(
      `failed: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
  });
});

describe('the platform with WARRAQ_MEDIA_DRIVER=s3', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ env: fakeS3Env(s3.settings({ prefix: 'warraq/media/' })) });
  });
  beforeEach(() => {
    s3.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores through the S3 driver', () => {
    const storage = t.app.get(MediaStorage);
    expect(storage).toBeInstanceOf(LedgeredMediaStorage);
    expect((storage as LedgeredMediaStorage).inner).toBeInstanceOf(S3MediaStorage);
  });

  it('serves a bucket object at /media/<key> with the immutable, nosniff headers', async () => {
    const bytes = await webp('#c63');
    const { key } = await t.app.get(MediaStorage).put(bytes, 'webp');
    expect(s3.objects.has(`warraq/media/${key}`)).toBe(true);
    const res = await t.api().get(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((res.body as Buffer).equals(bytes)).toBe(true);
  });

  it('answers HEAD from the object size, without downloading the object', async () => {
    const bytes = await webp('#6c3');
    const { key } = await t.app.get(MediaStorage).put(bytes, 'webp');
    s3.requests.length = 0;
    const res = await t.api().head(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(s3.requests).toEqual([`HEAD /${s3.bucket}/warraq/media/${key}`]);
  });

  it('answers 404 for keys the bucket does not hold', async () => {
    const res = await t.api().get(`/media/${'1'.repeat(64)}.webp`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('lands an uploaded cover in the bucket and serves it back', async () => {
    const cookie = await signIn(t, await newUser(t.orm));
    const photo = await sharp({ create: { width: 700, height: 1000, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const res = await t
      .api()
      .post('/api/media/covers')
      .set('Cookie', cookie)
      .set('Content-Type', 'image/jpeg')
      .send(photo);
    expect(res.status).toBe(201);
    const cover = CoverUploadResponseSchema.parse(res.body);
    expect(cover.url).toBe(`/media/${cover.key}`);
    expect(s3.objects.get(`warraq/media/${cover.key}`)?.contentType).toBe('image/webp');
    const served = await t.api().get(cover.url);
    expect(served.status).toBe(200);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(600);
  });
});
