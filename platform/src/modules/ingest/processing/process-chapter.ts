import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { INGEST_LIMITS } from '@warraq/contracts';
import sharp from 'sharp';
import { forEachConcurrently } from './concurrency';
import { hasHiddenCharacters } from './entry-names';
import { ChapterBudget, encodePage } from './page-encoder';
import { PAGE_CONCURRENCY, PAGE_LIMITS } from './processing.limits';
import type { IngestSource, ProcessedPage, ProcessOptions } from './processing.types';
import { reject } from './rejections';
import { openZipPages } from './zip-pages';
import { sniffImage } from '../../media/image-sniff';

/** The pages of an upload, read one at a time: their names (for messages) and each one's bytes. */
interface PageSource {
  names: string[];
  read(index: number): Promise<Buffer>;
  close(): void;
}

// Each page is new to this process: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Processes the originals of one upload into stored page images, in reading order.
 *
 * Throws IngestRejection when the upload itself is unacceptable (permanent); any other error (disk,
 * storage) is transient and the job retries. Restartable: it writes nothing but content-addressed
 * media (storing the same bytes twice is harmless), so a run after a crash gives the same pages and
 * the same keys. Nothing is unpacked ahead: a zip's pages are inflated one at a time into memory, each
 * judged by its first bytes before the rest is inflated, so the disk holds only the archive and memory
 * only the pages being encoded; the first bad page ends the run.
 */
export async function processChapterSource(
  source: IngestSource,
  options: ProcessOptions,
): Promise<ProcessedPage[]> {
  const { workDir, storage, onTotal, onPage, signal } = options;
  assertOutside(workDir, source);
  // Scratch files of an interrupted run (older versions unpacked archives here) go first.
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const pages = source.method === 'zip' ? await zipPages(source) : await imagePages(source);
  try {
    const total = pages.names.length;
    await onTotal?.(total);
    const stored: ProcessedPage[][] = new Array<ProcessedPage[]>(total);
    const budget = new ChapterBudget(options.budget);
    let done = 0;
    await forEachConcurrently(
      total,
      PAGE_CONCURRENCY,
      async (sourceIndex) => {
        const images = await encodePage(await pages.read(sourceIndex), pages.names[sourceIndex]!, budget);
        budget.chargeCpu();
        const slices: ProcessedPage[] = [];
        for (const image of images) {
          const media = await storage.put(image.bytes, 'webp');
          const renditions = [];
          for (const copy of image.copies) {
            const stored = await storage.put(copy.bytes, 'webp');
            renditions.push({ width: copy.width, mediaKey: stored.key, bytes: copy.bytes.length });
          }
          slices.push({
            index: 0,
            sourceIndex,
            mediaKey: media.key,
            width: image.width,
            height: image.height,
            bytes: image.bytes.length,
            renditions,
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
    pages.close();
  }
}

async function zipPages(source: IngestSource): Promise<PageSource> {
  const [zip, ...others] = source.files;
  if (!zip || others.length > 0) throw reject.notOneZip();
  if (hasHiddenCharacters(zip.name)) throw reject.hiddenCharacters(zip.name);
  if ((await stat(zip.path)).size > INGEST_LIMITS.maxZipBytes) throw reject.zipFileTooLarge(zip.name);
  const archive = await openZipPages(zip.path, zip.name);
  return {
    names: archive.names,
    // A page that does not start like an image stops inflating at its first bytes.
    read: (index) =>
      archive.read(index, (head) => (sniffImage(head) ? null : reject.notAnImage(archive.names[index]!))),
    close: () => archive.close(),
  };
}

async function imagePages(source: IngestSource): Promise<PageSource> {
  if (source.files.length === 0) throw reject.noImages();
  if (source.files.length > PAGE_LIMITS.maxImages) throw reject.tooManyImages();
  for (const file of source.files) {
    if (hasHiddenCharacters(file.name)) throw reject.hiddenCharacters(file.name);
    if ((await stat(file.path)).size > PAGE_LIMITS.maxImageBytes) throw reject.imageTooLarge(file.name);
  }
  return {
    names: source.files.map((file) => file.name),
    read: (index) => readFile(source.files[index]!.path),
    close: () => undefined,
  };
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
