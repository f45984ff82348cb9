import { COVER_UPLOAD } from '@warraq/contracts';
import sharp from 'sharp';
import type { MediaStorage } from './media-storage';

/** One narrower copy of a cover as the series row keeps it (`series.cover_renditions`). */
export interface CoverRenditionRow {
  width: number;
  key: string;
}

/** WebP quality of a cover and of its copies. */
export const COVER_QUALITY = 82;

/**
 * The narrower copies of a cover (COVER_UPLOAD's shape, already cropped), narrowest first, stored
 * beside it: cards and lists show covers at 56 to 256 CSS pixels, and the full 600 px copy cost a
 * phone several times the bytes its screen could show (issue 15, Lighthouse's uses-responsive-images).
 */
export async function storeCoverRenditions(
  storage: MediaStorage,
  cover: Buffer,
): Promise<CoverRenditionRow[]> {
  const renditions: CoverRenditionRow[] = [];
  for (const width of COVER_UPLOAD.renditionWidths) {
    const height = Math.round((width * COVER_UPLOAD.height) / COVER_UPLOAD.width);
    const bytes = await sharp(cover)
      .resize(width, height, { fit: 'cover' })
      .webp({ quality: COVER_QUALITY })
      .toBuffer();
    const stored = await storage.put(bytes, 'webp');
    renditions.push({ width, key: stored.key });
  }
  return renditions;
}

/** The copies of a stored cover, made from its stored bytes; null when the key names no object. */
export async function storeCoverRenditionsOf(
  storage: MediaStorage,
  coverKey: string,
): Promise<CoverRenditionRow[] | null> {
  const cover = await storage.read(coverKey);
  return cover ? storeCoverRenditions(storage, cover) : null;
}
