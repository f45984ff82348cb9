import sharp, { type Metadata, type Sharp } from 'sharp';
import { sniffImage } from '../../media/image-sniff';
import { PAGE_LIMITS, RENDITION } from './processing.limits';
import { reject } from './rejections';

/** One stored image of a page: the whole page, or one slice of a tall strip (top to bottom). */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Turns one uploaded page into what the reader is served. The bytes decide what it is (JPEG, PNG or
 * WebP, whatever its name says); the header's dimensions are checked before anything is decoded;
 * decoding runs under the pixel ceiling and fails on any decoder error (a truncated file included);
 * the page is turned upright, put on white, made no wider than the reader's width, and re-encoded
 * with no metadata at all (sharp keeps none unless asked: EXIF, GPS, ICC comments and XMP go).
 */
export async function encodePage(input: Buffer, name: string): Promise<EncodedImage[]> {
  const kind = sniffImage(input);
  if (!kind) throw reject.notAnImage(name);
  const header = await readHeader(input, name);
  // Clean PNG art (flat colour, sharp lines) is often far smaller lossless; scans never are.
  const tryLossless = kind === 'png';
  const upright = uprightSize(header);
  const width = Math.min(upright.width, RENDITION.maxWidth);
  const height = Math.round((upright.height * width) / upright.width);
  if (sliceBounds(width, height).length === 1) {
    // An ordinary page streams from decoder to encoder: no full-page pixel buffer is ever held.
    const page = () => prepare(input, width);
    try {
      return [await encodeBest(page, tryLossless)];
    } catch {
      throw reject.corruptImage(name);
    }
  }
  return encodeStrip(input, name, width, tryLossless);
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

/** The lossy WebP, or for PNG sources the lossless one when that is smaller. */
async function encodeBest(image: () => Sharp, tryLossless: boolean): Promise<EncodedImage> {
  const lossy = await image()
    .webp({ quality: RENDITION.quality, effort: RENDITION.effort })
    .toBuffer({ resolveWithObject: true });
  let best = lossy;
  if (tryLossless) {
    const lossless = await image()
      .webp({ lossless: true, effort: RENDITION.losslessEffort })
      .toBuffer({ resolveWithObject: true });
    if (lossless.data.length < lossy.data.length) best = lossless;
  }
  return { bytes: best.data, width: best.info.width, height: best.info.height };
}

/**
 * A tall strip is decoded once to pixels at the reader's width, then cut into slices that are
 * encoded one by one (pages already run side by side, one per core).
 */
async function encodeStrip(
  input: Buffer,
  name: string,
  width: number,
  tryLossless: boolean,
): Promise<EncodedImage[]> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await prepare(input, width).raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw reject.corruptImage(name);
  }
  const { data, info } = decoded;
  const images: EncodedImage[] = [];
  for (const [top, height] of sliceBounds(info.width, info.height)) {
    const slice = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extract({
        left: 0,
        top,
        width: info.width,
        height,
      });
    images.push(await encodeBest(slice, tryLossless));
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
