import sharp, { type Metadata, type Sharp, type WebpOptions } from 'sharp';
import { sniffImage } from '../../media/image-sniff';
import { CHAPTER_BUDGET, type ChapterBudgetLimits, PAGE_LIMITS, RENDITION } from './processing.limits';
import { IngestRejection } from './processing.types';
import { reject } from './rejections';

/** CPU time (ms, user + system, every thread) this process has used since `since`. */
export type CpuClock = (since: NodeJS.CpuUsage) => number;
const processCpu: CpuClock = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * What a chapter's pages have cost so far (CHAPTER_BUDGET): pixels and images charged from each
 * page's header before it is decoded, and the process's CPU time since the chapter started, checked
 * after each page. The page that goes over refuses the chapter. The CPU time is the whole process's,
 * which is the chapter's as long as a worker process runs one chapter at a time (as it does).
 */
export class ChapterBudget {
  private pixels = 0;
  private images = 0;
  private readonly started = process.cpuUsage();

  constructor(
    private readonly limits: ChapterBudgetLimits = CHAPTER_BUDGET,
    private readonly cpu: CpuClock = processCpu,
  ) {}

  charge(pixels: number, images: number): void {
    this.pixels += pixels;
    this.images += images;
    if (this.pixels > this.limits.maxPixels || this.images > this.limits.maxImages) {
      throw reject.chapterTooLarge();
    }
  }

  /** After each page: refuses the chapter once its processing has used more CPU time than allowed. */
  chargeCpu(): void {
    if (this.cpu(this.started) > this.limits.maxCpuMs) throw reject.chapterTooSlow();
  }
}

/** One stored image of a page: the whole page, or one slice of a tall strip (top to bottom). */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** A stored image with its narrower copies (RENDITION.smallerWidths below its width), narrowest first. */
export interface EncodedPageImage extends EncodedImage {
  copies: EncodedImage[];
}

/** Decoded pixels of one stored image: upright, on white, at its stored size. */
interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: number };
}

function fromPixels({ data, info }: Pixels): Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 1 | 3 } });
}

function webpOptions(lossless: boolean): WebpOptions {
  return lossless
    ? { lossless: true, effort: RENDITION.losslessEffort, quality: RENDITION.losslessSearch }
    : { quality: RENDITION.quality, effort: RENDITION.effort };
}

async function encodeWebp(image: Sharp, lossless: boolean): Promise<EncodedImage> {
  const out = await image.webp(webpOptions(lossless)).toBuffer({ resolveWithObject: true });
  return { bytes: out.data, width: out.info.width, height: out.info.height };
}

/** The copies of an image `width` wide, each resized from `source` and encoded the way the image was. */
async function encodeCopies(source: () => Sharp, width: number, lossless: boolean): Promise<EncodedImage[]> {
  const copies: EncodedImage[] = [];
  for (const copyWidth of RENDITION.smallerWidths) {
    if (copyWidth >= width) continue;
    copies.push(await encodeWebp(source().resize({ width: copyWidth }), lossless));
  }
  return copies;
}

/**
 * The copies of an image stored before copies were made (the demo seed's backfill), from its stored
 * WebP: there is nothing else left to make them from. Ingest makes them from the decoded upload.
 */
export function encodeRenditions(image: EncodedImage): Promise<EncodedImage[]> {
  return encodeCopies(() => sharp(image.bytes, { failOn: 'error' }), image.width, false);
}

/**
 * Turns one uploaded page into what the reader is served. The bytes decide what it is (JPEG, PNG or
 * WebP, whatever its name says); the header's dimensions are checked before anything is decoded;
 * decoding runs under the pixel ceiling and fails on any decoder error (a truncated file included);
 * the page is turned upright, put on white, made no wider than the reader's width, and re-encoded
 * with no metadata at all (sharp keeps none unless asked: EXIF, GPS, ICC comments and XMP go).
 * The upload is decoded once: the stored image and each narrower copy are encoded from those pixels.
 */
export async function encodePage(
  input: Buffer,
  name: string,
  budget?: ChapterBudget,
): Promise<EncodedPageImage[]> {
  const kind = sniffImage(input);
  if (!kind) throw reject.notAnImage(name);
  const header = await readHeader(input, name);
  // Clean PNG art (flat colour, sharp lines) is often far smaller lossless; scans never are.
  const tryLossless = kind === 'png';
  const upright = uprightSize(header);
  const width = Math.min(upright.width, RENDITION.maxWidth);
  const height = Math.round((upright.height * width) / upright.width);
  budget?.charge(width * height, sliceBounds(width, height).length);
  if (sliceBounds(width, height).length === 1) {
    try {
      // At most 1200 × 3600 RGB (13 MB) for an ordinary page: cheaper to hold than to decode twice.
      const pixels = await prepare(input, width).raw().toBuffer({ resolveWithObject: true });
      return [(await encodeBest(pixels, tryLossless)).image];
    } catch {
      throw reject.corruptImage(name);
    }
  }
  return encodeStrip(input, name, upright, width, height, tryLossless);
}

async function readHeader(input: Buffer, name: string): Promise<Metadata> {
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel ceiling is applied below, by us, with our own error.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw reject.corruptImage(name);
  }
  const { width, height } = metadata;
  if (!width || !height) throw reject.corruptImage(name);
  if (
    width * height > PAGE_LIMITS.maxPixels ||
    Math.max(width, height) > PAGE_LIMITS.maxAspect * Math.min(width, height)
  ) {
    throw reject.pixelsTooMany(name);
  }
  return metadata;
}

/** EXIF orientations 5–8 turn the image a quarter: its upright width is the stored height. */
function uprightSize({ width = 1, height = 1, orientation = 1 }: Metadata): {
  width: number;
  height: number;
} {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** Decoding of an upload, as the reader will see it: upright, on white, at most `width` wide. */
function prepare(input: Buffer, width: number): Sharp {
  return sharp(input, { failOn: 'error', limitInputPixels: PAGE_LIMITS.maxPixels })
    .rotate()
    .flatten({ background: RENDITION.background })
    .resize({ width, withoutEnlargement: true });
}

/**
 * How lossless WebP compares with lossy on a page is read off a sample of its rows first: 8 bands,
 * each 1/64 of the height, spread down the page (1/8 of its pixels). On the 40 line-art fixtures the
 * page's true lossless/lossy ratio was at most 0.22 above the sample's (0.57 gave 0.79); on scan-like
 * PNGs both were 5–6. Only a ratio between the two bounds needs both encodes of the whole page.
 */
const LOSSLESS_SAMPLE = { bands: 8, bandShare: 1 / 64, losslessBelow: 0.5, lossyAbove: 2 } as const;

/** Which encodings of a PNG page are worth making in full: the cheap sample decides the clear cases. */
async function losslessCandidates(pixels: Pixels): Promise<boolean[]> {
  const { width, height, channels } = pixels.info;
  const bandHeight = Math.round(height * LOSSLESS_SAMPLE.bandShare);
  if (bandHeight < 1) return [false, true];
  const row = width * channels;
  const bands: Buffer[] = [];
  for (let band = 0; band < LOSSLESS_SAMPLE.bands; band++) {
    const top = Math.round(((band + 0.5) * height) / LOSSLESS_SAMPLE.bands - bandHeight / 2);
    bands.push(pixels.data.subarray(top * row, (top + bandHeight) * row));
  }
  const sample: Pixels = {
    data: Buffer.concat(bands),
    info: { width, height: bandHeight * LOSSLESS_SAMPLE.bands, channels },
  };
  const lossy = await encodeWebp(fromPixels(sample), false);
  const lossless = await encodeWebp(fromPixels(sample), true);
  const ratio = lossless.bytes.length / lossy.bytes.length;
  if (ratio < LOSSLESS_SAMPLE.losslessBelow) return [true];
  if (ratio > LOSSLESS_SAMPLE.lossyAbove) return [false];
  return [false, true];
}

/**
 * The lossy WebP, or for PNG sources the lossless one when that is smaller, with its copies encoded
 * the same way. `decided` skips the comparison and encodes only the way `tryLossless` says (the later
 * bands of a strip).
 */
async function encodeBest(
  pixels: Pixels,
  tryLossless: boolean,
  decided = false,
): Promise<{ image: EncodedPageImage; lossless: boolean }> {
  const ways = decided || !tryLossless ? [tryLossless] : await losslessCandidates(pixels);
  let best: { encoded: EncodedImage; lossless: boolean } | null = null;
  for (const lossless of ways) {
    const encoded = await encodeWebp(fromPixels(pixels), lossless);
    if (!best || encoded.bytes.length < best.encoded.bytes.length) best = { encoded, lossless };
  }
  const { encoded, lossless } = best!;
  const copies = await encodeCopies(() => fromPixels(pixels), encoded.width, lossless);
  return { image: { ...encoded, copies }, lossless };
}

/**
 * Decoded pixels a strip may occupy at once (RGBA at the reader's width). Below it a strip is decoded
 * once and cut into slices; above it (a 1000 × 50,000 "strip bomb" would take 200 MB per page, two
 * pages at a time) it is decoded band by band.
 */
export const STRIP_DECODE_MAX_BYTES = 64 * 1024 * 1024;

/** A tall strip, cut into slices the reader stacks without a seam. */
async function encodeStrip(
  input: Buffer,
  name: string,
  upright: { width: number; height: number },
  width: number,
  height: number,
  tryLossless: boolean,
): Promise<EncodedPageImage[]> {
  try {
    return width * height * 4 <= STRIP_DECODE_MAX_BYTES
      ? await encodeStripWhole(input, width, tryLossless)
      : await encodeStripInBands(input, upright, width, height, tryLossless);
  } catch (error) {
    if (error instanceof IngestRejection) throw error;
    throw reject.corruptImage(name);
  }
}

/** Decoded once to pixels at the reader's width, then sliced; each slice encoded in turn. */
async function encodeStripWhole(
  input: Buffer,
  width: number,
  tryLossless: boolean,
): Promise<EncodedPageImage[]> {
  const pixels = await prepare(input, width).raw().toBuffer({ resolveWithObject: true });
  const { info } = pixels;
  const row = info.width * info.channels;
  const images: EncodedPageImage[] = [];
  for (const [top, sliceHeight] of sliceBounds(info.width, info.height)) {
    // Rows are contiguous in the decoded buffer: a slice is a view of it, nothing copied.
    const slice: Pixels = {
      data: pixels.data.subarray(top * row, (top + sliceHeight) * row),
      info: { ...info, height: sliceHeight },
    };
    images.push((await encodeBest(slice, tryLossless)).image);
  }
  return images;
}

/**
 * Each slice from its own band of the source, read sequentially (the decoder keeps only the rows it is
 * on), so memory stays at one band whatever the strip's height. The rows above a band are decoded
 * again for it; the chapter's pixel budget bounds that cost, and whether lossless pays is decided on
 * the first band only. Each band is decoded once, to pixels its slice and the slice's copies share.
 */
async function encodeStripInBands(
  input: Buffer,
  upright: { width: number; height: number },
  width: number,
  height: number,
  tryLossless: boolean,
): Promise<EncodedPageImage[]> {
  const scale = upright.width / width;
  const images: EncodedPageImage[] = [];
  let lossless = tryLossless;
  for (const [top, sliceHeight] of sliceBounds(width, height)) {
    const sourceTop = Math.min(upright.height - 1, Math.round(top * scale));
    const sourceBottom = Math.min(
      upright.height,
      Math.max(sourceTop + 1, Math.round((top + sliceHeight) * scale)),
    );
    const band = await sharp(input, {
      failOn: 'error',
      limitInputPixels: PAGE_LIMITS.maxPixels,
      sequentialRead: true,
    })
      .rotate()
      .extract({ left: 0, top: sourceTop, width: upright.width, height: sourceBottom - sourceTop })
      .flatten({ background: RENDITION.background })
      .resize({ width, height: sliceHeight, fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const best = await encodeBest(band, lossless, images.length > 0);
    lossless = best.lossless;
    images.push(best.image);
  }
  return images;
}

/**
 * [top, height] of each stored image: the whole page, or for a tall strip equal slices no taller than
 * the slice height, so the reader stacks them without a seam and no slice is a sliver.
 */
export function sliceBounds(width: number, height: number): [number, number][] {
  const tall = height > RENDITION.tallRatio * width && height > RENDITION.tallMinHeight;
  const count = tall ? Math.ceil(height / RENDITION.sliceMaxHeight) : 1;
  const base = Math.floor(height / count);
  const remainder = height - base * count;
  const bounds: [number, number][] = [];
  let top = 0;
  for (let i = 0; i < count; i++) {
    const sliceHeight = base + (i < remainder ? 1 : 0);
    bounds.push([top, sliceHeight]);
    top += sliceHeight;
  }
  return bounds;
}
