import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isMediaKey,
  type ListedMedia,
  type MediaExtension,
  mediaContentType,
  mediaKeyOf,
  type MediaObject,
  type MediaStat,
  MediaStorage,
  type StoredMedia,
} from './media-storage';

/** Media on the local disk under `<root>/<first two hex digits>/<key>`, written atomically. */
export class LocalDiskMediaStorage extends MediaStorage {
  constructor(private readonly root: string) {
    super();
  }

  async put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia> {
    const key = mediaKeyOf(bytes, extension);
    if (await this.exists(key)) return { key, created: false, size: bytes.length };
    const tmpDir = join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    const tmp = join(tmpDir, `${key}.${randomBytes(6).toString('hex')}.part`);
    try {
      // Flushed before the rename: a key that exists after a crash has all of its bytes, so a
      // chapter committed after put() never points at a torn file.
      const file = await open(tmp, 'wx');
      try {
        await file.writeFile(bytes);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(tmp, this.pathOf(key));
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
    return { key, created: true, size: bytes.length };
  }

  async stat(key: string): Promise<MediaStat | null> {
    if (!isMediaKey(key)) return null;
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<MediaObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    return {
      stream: createReadStream(this.pathOf(key)),
      size: info.size,
      contentType: mediaContentType(key),
    };
  }

  async delete(key: string): Promise<void> {
    if (!isMediaKey(key)) return;
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(): AsyncIterable<ListedMedia> {
    const folders = await readdir(this.root).catch(() => [] as string[]);
    for (const folder of folders.filter((name) => /^[a-f0-9]{2}$/.test(name))) {
      const names = await readdir(join(this.root, folder)).catch(() => [] as string[]);
      for (const key of names) {
        if (!isMediaKey(key) || !key.startsWith(folder)) continue;
        const info = await stat(this.pathOf(key)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  private pathOf(key: string): string {
    return join(this.root, key.slice(0, 2), key);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
