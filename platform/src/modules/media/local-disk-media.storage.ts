import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isMediaKey,
  MEDIA_CONTENT_TYPES,
  type MediaExtension,
  type MediaObject,
  MediaStorage,
  type StoredMedia,
} from './media-storage';

/** Media on the local disk under `<root>/<first two hex digits>/<key>`, written atomically. */
export class LocalDiskMediaStorage extends MediaStorage {
  constructor(private readonly root: string) {
    super();
  }

  async put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia> {
    const key = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
    const target = this.pathOf(key);
    if (await this.exists(key)) return { key, created: false, size: bytes.length };
    const tmpDir = join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    const tmp = join(tmpDir, `${key}.${randomBytes(6).toString('hex')}.part`);
    try {
      await writeFile(tmp, bytes, { flag: 'wx' });
      await rename(tmp, target);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
    return { key, created: true, size: bytes.length };
  }

  async exists(key: string): Promise<boolean> {
    if (!isMediaKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async open(key: string): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const path = this.pathOf(key);
    let size: number;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    const extension = key.slice(key.lastIndexOf('.') + 1) as MediaExtension;
    return { stream: createReadStream(path), size, contentType: MEDIA_CONTENT_TYPES[extension] };
  }

  private pathOf(key: string): string {
    return join(this.root, key.slice(0, 2), key);
  }
}
