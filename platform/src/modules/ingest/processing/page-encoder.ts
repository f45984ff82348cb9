import sharp, { type Metadata, type Sharp } from 'sharp';
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

/**
 * The narrower copies of one stored image (RENDITION.smallerWidths below its width), narrowest first.
 * Made from the stored WebP, not the upload: it is already upright, flattened and at most 1200 px, and
 * libwebp decodes it at reduced size, so each copy costs a fraction of the page's own encode.
 */
export async function encodeRenditions(image: EncodedImage): Promise<EncodedImage[]> {
  const copies: EncodedImage[] = [];
  for (const width of RENDITION.smallerWidths) {
    if (width >= image.width) continue;
    const out = await sharp(image.bytes, { failOn: 'error' })
      .resize({ width })
      .webp({ quality: RENDITION.quality, effort: RENDITION.effort })
      .toBuffer({ resolveWithObject: true });
    copies.push({ bytes: out.data, width: out.info.width, height: out.info.height });
  }
  return copies;
}

/**
 * Turns one uploaded page into what the reader is served. The bytes decide what it is (JPEG, PNG or
 * WebP, whatever its name says); the header's dimensions are checked before anything is decoded;
 * decoding runs under the pixel ceiling and fails on any decoder error (a truncated file included);
 * the page is turned upright, put on white, made no wider than the reader's width, and re-encoded
 * with no metadata at all (sharp keeps none unless asked: EXIF, GPS, ICC comments and XMP go).
 */
export async function encodePage(
  input: Buffer,
  name: string,
  budget?: ChapterBudget,
): Promise<EncodedImage[]> {
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
    // An ordinary page streams from decoder to encoder: no full-page pixel buffer is ever held.
    const page = () => prepare(input, width);
    try {
      return [(await encodeBest(page, tryLossless)).image];
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
 * The lossy WebP, or for PNG sources the lossless one when that is smaller. `decided` skips the
 * comparison and encodes only the way `tryLossless` says (the later bands of a strip).
 */
async function encodeBest(
  image: () => Sharp,
  tryLossless: boolean,
  decided = false,
): Promise<{ image: EncodedImage; lossless: boolean }> {
  const encode = async (lossless: boolean) => {
    const out = await image()
      .webp(
        lossless
          ? { lossless: true, effort: RENDITION.losslessEffort }
          : { quality: RENDITION.quality, effort: RENDITION.effort },
      )
      .toBuffer({ resolveWithObject: true });
    return { bytes: out.data, width: out.info.width, height: out.info.height };
  };
  if (decided) return { image: await encode(tryLossless), lossless: tryLossless };
  const lossy = await encode(false);
  if (!tryLossless) return { image: lossy, lossless: false };
  const lossless = await encode(true);
  return lossless.bytes.length < lossy.bytes.length
    ? { image: lossless, lossless: true }
    : { image: lossy, lossless: false };
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
): Promise<EncodedImage[]> {
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
async function encodeStripWhole(input: Buffer, width: number, tryLossless: boolean): Promise<EncodedImage[]> {
  const { data, info } = await prepare(input, width).raw().toBuffer({ resolveWithObject: true });
  const images: EncodedImage[] = [];
  for (const [top, sliceHeight] of sliceBounds(info.width, info.height)) {
    const slice = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extract({
        left: 0,
        top,
        width: info.width,
        height: sliceHeight,
      });
    images.push((await encodeBest(slice, tryLossless)).image);
  }
  return images;
}

/**
 * Each slice from its own band of the source, read sequentially (the decoder keeps only the rows it is
 * on), so memory stays at one band whatever the strip's height. The rows above a band are decoded
 * again for it; the chapter's pixel budget bounds that cost, and whether lossless pays is decided on
 * the first band only.
 */
async function encodeStripInBands(
  input: Buffer,
  upright: { width: number; height: number },
  width: number,
  height: number,
  tryLossless: boolean,
): Promise<EncodedImage[]> {
  const scale = upright.width / width;
  const images: EncodedImage[] = [];
  let lossless = tryLossless;
  for (const [top, sliceHeight] of sliceBounds(width, height)) {
    const sourceTop = Math.min(upright.height - 1, Math.round(top * scale));
    const sourceBottom = Math.min(
      upright.height,
      Math.max(sourceTop + 1, Math.round((top + sliceHeight) * scale)),
    );
    const band = () =>
      sharp(input, { failOn: 'error', limitInputPixels: PAGE_LIMITS.maxPixels, sequentialRead: true })
        .rotate()
        .extract({ left: 0, top: sourceTop, width: upright.width, height: sourceBottom - sourceTop })
        .flatten({ background: RENDITION.background })
        .resize({ width, height: sliceHeight, fit: 'fill' });
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
