// A worker-like process for the ingest benches: runs the compiled pipeline on one zip and prints, as
// its last line, a JSON object with its peak resident memory and what became of the upload.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../infra/scripts/lib/run.mjs';

const [zipPath, dir] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { processChapterSource } = require(
  path.join(ROOT, 'platform/dist/modules/ingest/processing/process-chapter.js'),
);
const { LocalDiskMediaStorage } = require(
  path.join(ROOT, 'platform/dist/modules/media/local-disk-media.storage.js'),
);

const start = performance.now();
let pages = [];
let rejected = null;
try {
  pages = await processChapterSource(
    { method: 'zip', files: [{ path: zipPath, name: path.basename(zipPath) }] },
    { workDir: path.join(dir, 'work'), storage: new LocalDiskMediaStorage(path.join(dir, 'media')) },
  );
} catch (error) {
  // A refused upload is an outcome, not a failure of the bench: only its code is reported.
  if (error?.name !== 'IngestRejection') throw error;
  rejected = error.code;
}
// VmHWM, the high-water mark of this process's own memory. Not resourceUsage().maxRSS: Linux carries
// the parent's peak into a child's maxRSS across fork and exec, so a big parent would be measured.
const hwmKB = Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]);
console.log(
  JSON.stringify({
    maxRssMB: hwmKB / 1024,
    pages: new Set(pages.map((p) => p.sourceIndex)).size,
    slices: pages.length,
    rejected,
    seconds: (performance.now() - start) / 1000,
  }),
);
