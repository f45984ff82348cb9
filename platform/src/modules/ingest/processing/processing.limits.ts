import { INGEST_LIMITS } from '@warraq/contracts';

const MiB = 1024 * 1024;

/**
 * Every limit of chapter processing in one place. The upload limits (file sizes, 300 pages) come
 * from the contracts, so the form, the API and the worker refuse the same things.
 */
export const ZIP_LIMITS = {
  /** Central-directory records read at all, directories and skipped junk included. */
  maxEntries: 2000,
  /** Image pages in one archive (spec §5). */
  maxPages: INGEST_LIMITS.maxImages,
  /** One page inflates to at most this, the same as one uploaded image. */
  maxEntryBytes: INGEST_LIMITS.maxImageBytes,
  /** All pages together, inflated: 300 pages of a few MB each fit; a bomb does not. */
  maxTotalBytes: 1024 * MiB,
  /**
   * JPEG, PNG and WebP are compressed already, so deflate gains them little (ratios near 1). An
   * entry that shrank more than this is not a page; small entries are exempt (a flat test image
   * compresses well and hurts no one).
   */
  maxRatio: 100,
  ratioExemptBytes: 1 * MiB,
} as const;
export type ZipLimits = { readonly [K in keyof typeof ZIP_LIMITS]: number };

export const PAGE_LIMITS = {
  maxImages: INGEST_LIMITS.maxImages,
  maxImageBytes: INGEST_LIMITS.maxImageBytes,
  /** Read from the header before anything is decoded; a larger image is refused undecoded. */
  maxPixels: 50_000_000,
  /** Longest side over shortest: a 1 × 50,000,000 "page" is refused even under the pixel ceiling. */
  maxAspect: 100,
} as const;

/**
 * What one chapter may cost to process, counted from each page's header before it is decoded: the
 * pixels encoded (at the reader's width) and the images stored. Decode and encode time grow with
 * pixels, so this bounds a chapter's CPU time too (about 40 s on one core at the limit). 300 scans
 * of 1200 × 1800 fit (650 MP); twenty 1000 × 50,000 strips (1000 MP, 500 slices) do not.
 */
export const CHAPTER_BUDGET = {
  maxPixels: 800_000_000,
  maxImages: 600,
  /**
   * CPU time (user + system, every thread) of the worker process while the chapter is processed: the
   * backstop for what headers cannot predict (a decoder's slow path, a costly lossless attempt). Three
   * times what the pixel budget allows at its limit, so no chapter within it comes near.
   */
  maxCpuMs: 120_000,
} as const;
export type ChapterBudgetLimits = { readonly [K in keyof typeof CHAPTER_BUDGET]: number };

/**
 * What the reader is served. One WebP rendition per page at the width the reader lays pages out at
 * (never upscaled); tall strips cut into slices the reader stacks without gaps.
 *
 * AVIF is not made here: it costs 13–17 WebP encodes a page (bench/README.md), which would make the
 * uploader wait minutes for a chapter. A low-priority job makes it after publication (avif-copies.ts).
 */
export const RENDITION = {
  maxWidth: 1200,
  /**
   * Narrower copies stored beside each image (only those narrower than it: never upscaled), so a
   * phone's `srcset` picks 600 px instead of the desktop's 1200 (about a quarter of the bytes). Each
   * is encoded the way its image was: lossless copies of lossless line art, lossy of the rest.
   */
  smallerWidths: [600, 900],
  /** Lossy WebP for every page. q75 keeps scans at about half their JPEG bytes without visible loss
   *  at reading size; effort 1 measured ~3× faster than sharp's default (4) for ±1 % of bytes. */
  quality: 75,
  effort: 1,
  /** Clean PNG line art is also tried losslessly (effort 1: the cheapest that beats PNG by ~3×). */
  losslessEffort: 1,
  /**
   * For lossless WebP, libwebp reads `quality` as how hard to search, not as fidelity: every value
   * gives the same pixels. 20 rather than sharp's 80 measured half the CPU time for about 8 % more
   * bytes on the line-art fixtures (20.2 vs 18.6 KB a page, still under half the lossy WebP), which
   * is what keeps ingest with the narrower copies ahead of bare sharp (bench/README.md).
   */
  losslessSearch: 20,
  /** A page taller than `tallRatio` × its width and than `tallMinHeight` is a strip to slice… */
  tallRatio: 3,
  tallMinHeight: 3000,
  /** …into equal slices no taller than this (WebP itself stops at 16383 px). */
  sliceMaxHeight: 2000,
  /** Transparent pages are shown on white, as they would be printed. */
  background: '#ffffff',
} as const;

/**
 * Pages processed at once. sharp runs each page on one libuv thread (its libvips concurrency is 1
 * on glibc), so two pages keep both cores of a worker busy while memory stays at two pages.
 */
export const PAGE_CONCURRENCY = 2;
