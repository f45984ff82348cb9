import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Chapter files waiting for the worker, on the disk the API and the worker share (beside the page
 * uploads): `<ingestDir>/imports/<importId>`. The worker removes a file once it has read it.
 */
@Injectable()
export class ChapterImportFiles {
  readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.ingest.dir, 'imports');
  }

  path(importId: string): string {
    // Ids are our own UUIDs; this keeps any other string from naming a path.
    if (!UUID.test(importId)) throw new Error(`not an import id: ${importId}`);
    return join(this.dir, importId);
  }

  async save(importId: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.path(importId), bytes, { flag: 'wx' });
  }

  read(importId: string): Promise<Buffer> {
    return readFile(this.path(importId));
  }

  async remove(importId: string): Promise<void> {
    await rm(this.path(importId), { force: true });
  }

  /** Files older than `before` whose job was lost (Redis emptied): nobody will read them. */
  async purgeOlderThan(before: Date): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((n) => UUID.test(n))) {
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (!info || info.mtime >= before) continue;
      await this.remove(name);
      removed++;
    }
    return removed;
  }
}
