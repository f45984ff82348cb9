import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { isAvifKey, MediaStorage } from '../media/media-storage';
import { ChaptersRepository, type PageRenditionRow } from '../series/chapters.repository';

/**
 * An AVIF copy is kept only when it is at most this share of the WebP it stands beside: below a tenth
 * saved, the reader's second `<source>` is not worth the stored object (bench/README.md, "AVIF").
 */
export const AVIF_KEEP_BELOW = 0.9;

/**
 * sharp's quality (50) at effort 2 rather than its 4: about a quarter of the time for about 10 % more
 * bytes on line art, and each encode is what a waiting upload may have to sit out.
 */
export const AVIF_OPTIONS = { effort: 2 } as const;

/**
 * AVIF copies of a published chapter's images, made after publication by a low-priority job: AVIF
 * costs several WebP encodes a page (bench/README.md), far too much to make the uploader wait. Each stored WebP (the page
 * and its narrower copies) is encoded again as AVIF, and the AVIF is kept, stored through the ledger
 * like every object and listed in the page's `renditions`, only where it pays. Safe to repeat: a page
 * that already lists AVIF copies is skipped, and content addressing makes a second put a no-op.
 */
@Injectable()
export class AvifCopies {
  constructor(
    private readonly chapters: ChaptersRepository,
    private readonly storage: MediaStorage,
  ) {}

  /**
   * Makes the copies page by page. `stop` is asked before each encode: when it answers true (the
   * worker is shutting down, or a chapter upload is waiting), the run ends with 'stopped', and the
   * pages it did not finish are done by the next run.
   */
  async run(chapterId: number, stop: () => Promise<boolean> | boolean): Promise<'done' | 'stopped'> {
    const pages = await this.chapters.pageImages(chapterId);
    for (const page of pages) {
      if (page.renditions.some((copy) => isAvifKey(copy.key))) continue;
      const made: PageRenditionRow[] = [];
      for (const webp of [...page.renditions, { width: page.width, key: page.media_key }]) {
        if (await stop()) return 'stopped';
        const avif = await this.avifOf(webp.key);
        if (avif) made.push({ width: webp.width, key: avif });
      }
      if (made.length === 0) continue;
      await this.chapters.addAvifCopies(page.id, page.media_key, made);
    }
    await this.chapters.avifDone(chapterId);
    return 'done';
  }

  /** The key of the stored AVIF of one stored WebP, or null when it does not pay (or the WebP is gone). */
  private async avifOf(webpKey: string): Promise<string | null> {
    const webp = await this.storage.read(webpKey);
    if (!webp) return null;
    const avif = await sharp(webp, { failOn: 'error' }).avif(AVIF_OPTIONS).toBuffer();
    if (avif.length > AVIF_KEEP_BELOW * webp.length) return null;
    return (await this.storage.put(avif, 'avif')).key;
  }
}
