import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The folders of uploads in progress, on local disk under the data directory:
 * `<ingestDir>/<uploadId>/originals/<index>` (the uploaded bytes, kept until the chapter is done)
 * and `<ingestDir>/<uploadId>/work/` (the processing job's scratch space).
 */
@Injectable()
export class IngestWorkspace {
  readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = config.ingest.dir;
  }

  uploadDir(uploadId: string): string {
    // Ids come from routes parsed as UUIDs and from our own rows; this keeps any other string out.
    if (!UUID.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return join(this.root, uploadId);
  }

  originalsDir(uploadId: string): string {
    return join(this.uploadDir(uploadId), 'originals');
  }

  originalPath(uploadId: string, index: number): string {
    return join(this.originalsDir(uploadId), String(index));
  }

  workDir(uploadId: string): string {
    return join(this.uploadDir(uploadId), 'work');
  }

  /** A fresh temporary path beside the original, so concurrent sends of one file never collide. */
  async partPath(uploadId: string, index: number): Promise<string> {
    await mkdir(this.originalsDir(uploadId), { recursive: true });
    return join(this.originalsDir(uploadId), `${index}.${randomBytes(6).toString('hex')}.part`);
  }

  /**
   * Makes a received file the original: renames it over any earlier copy, then syncs the folder so
   * the rename itself survives a crash. Only after this may the file be recorded as received.
   */
  async promote(partPath: string, uploadId: string, index: number): Promise<void> {
    await rename(partPath, this.originalPath(uploadId, index));
    const dir = await open(this.originalsDir(uploadId), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  async discard(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  /** Clears the scratch folder of a refused upload, whose originals stay for a retry. */
  async removeWorkDir(uploadId: string): Promise<void> {
    await rm(this.workDir(uploadId), { recursive: true, force: true });
  }

  /** Removes everything of an upload: after it is done, abandoned or deleted. */
  async remove(uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }
}
