import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { INGEST_LIMITS } from '@warraq/contracts';
import sharp from 'sharp';
import { forEachConcurrently } from './concurrency';
import { hasHiddenCharacters } from './entry-names';
import { encodePage } from './page-encoder';
import { PAGE_CONCURRENCY, PAGE_LIMITS } from './processing.limits';
import type { IngestSource, ProcessedPage, ProcessOptions } from './processing.types';
import { reject } from './rejections';
import { extractZipPages } from './zip-pages';

/** A page to process: its name (for messages) and a file holding its bytes. */
interface SourcePage {
  name: string;
  path: string;
}

// Each page is new to this process: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Processes the originals of one upload into stored page images, in reading order.
 *
 * Throws IngestRejection when the upload itself is unacceptable (permanent); any other error (disk,
 * storage) is transient and the job retries. Restartable: it starts by emptying `workDir`, writes
 * nothing elsewhere but content-addressed media (storing the same bytes twice is harmless), so a run
 * after a crash gives the same pages and the same keys.
 */
export async function processChapterSource(
  source: IngestSource,
  options: ProcessOptions,
): Promise<ProcessedPage[]> {
  const { workDir, storage, onTotal, onPage, signal } = options;
  assertOutside(workDir, source);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const entriesDir = join(workDir, 'entries');
  try {
    const pages =
      source.method === 'zip'
        ? await zipPages(source, entriesDir, onTotal, signal)
        : await imagePages(source, onTotal);
    const total = pages.length;
    const stored: ProcessedPage[][] = new Array<ProcessedPage[]>(total);
    let done = 0;
    await forEachConcurrently(
      total,
      PAGE_CONCURRENCY,
      async (sourceIndex) => {
        const page = pages[sourceIndex] as SourcePage;
        const images = await encodePage(await readFile(page.path), page.name);
        const slices: ProcessedPage[] = [];
        for (const image of images) {
          const media = await storage.put(image.bytes, 'webp');
          slices.push({
            index: 0,
            sourceIndex,
            mediaKey: media.key,
            width: image.width,
            height: image.height,
            bytes: image.bytes.length,
          });
        }
        stored[sourceIndex] = slices;
        done += 1;
        await onPage?.(done, total);
      },
      signal,
    );
    return stored.flat().map((page, index) => ({ ...page, index }));
  } finally {
    // Up to a gigabyte of inflated entries: not kept once the pages are stored (or refused).
    await rm(entriesDir, { recursive: true, force: true });
  }
}

async function zipPages(
  source: IngestSource,
  entriesDir: string,
  onTotal: ProcessOptions['onTotal'],
  signal: AbortSignal | undefined,
): Promise<SourcePage[]> {
  const [zip, ...others] = source.files;
  if (!zip || others.length > 0) throw reject.notOneZip();
  if (hasHiddenCharacters(zip.name)) throw reject.hiddenCharacters(zip.name);
  if ((await stat(zip.path)).size > INGEST_LIMITS.maxZipBytes) throw reject.zipFileTooLarge(zip.name);
  return extractZipPages(zip.path, zip.name, entriesDir, { onListed: onTotal, signal });
}

async function imagePages(source: IngestSource, onTotal: ProcessOptions['onTotal']): Promise<SourcePage[]> {
  if (source.files.length === 0) throw reject.noImages();
  if (source.files.length > PAGE_LIMITS.maxImages) throw reject.tooManyImages();
  for (const file of source.files) {
    if (hasHiddenCharacters(file.name)) throw reject.hiddenCharacters(file.name);
    if ((await stat(file.path)).size > PAGE_LIMITS.maxImageBytes) throw reject.imageTooLarge(file.name);
  }
  await onTotal?.(source.files.length);
  return source.files;
}

/** Emptying the work folder must never delete the originals: they are what a retry starts from. */
function assertOutside(workDir: string, source: IngestSource): void {
  const root = resolve(workDir);
  for (const file of source.files) {
    const path = relative(root, resolve(file.path));
    const outside = path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path);
    if (!outside) {
      throw new Error(`The originals must live outside the work folder: ${file.path} is inside ${workDir}`);
    }
  }
}
