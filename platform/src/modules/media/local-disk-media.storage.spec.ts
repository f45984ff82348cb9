import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskMediaStorage } from './local-disk-media.storage';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('LocalDiskMediaStorage', () => {
  let root: string;
  let storage: LocalDiskMediaStorage;
  const bytes = Buffer.from('not really an image, but bytes are bytes');
  const hash = createHash('sha256').update(bytes).digest('hex');

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'warraq-media-'));
    storage = new LocalDiskMediaStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores bytes once under <first two hex digits>/<sha256>.<ext>, leaving no temp files', async () => {
    expect(await storage.put(bytes, 'png')).toEqual({
      key: `${hash}.png`,
      created: true,
      size: bytes.length,
    });
    expect(await storage.put(bytes, 'png')).toEqual({
      key: `${hash}.png`,
      created: false,
      size: bytes.length,
    });
    expect((await readFile(join(root, hash.slice(0, 2), `${hash}.png`))).equals(bytes)).toBe(true);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('stats, opens, and deletes idempotently', async () => {
    const { key } = await storage.put(bytes, 'webp');
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
    const object = await storage.open(key);
    expect(object?.contentType).toBe('image/webp');
    expect((await readAll(object!.stream)).equals(bytes)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('treats malformed keys as unknown and never touches paths outside its root', async () => {
    await storage.put(bytes, 'webp');
    for (const bad of ['../outside.webp', `${hash}.svg`, `${hash.toUpperCase()}.webp`, `tmp/${hash}.webp`]) {
      expect(await storage.exists(bad)).toBe(false);
      expect(await storage.open(bad)).toBeNull();
      await storage.delete(bad);
    }
    expect(await storage.exists(`${hash}.webp`)).toBe(true);
  });
});
