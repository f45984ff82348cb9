import { Injectable } from '@nestjs/common';
import { COVER_UPLOAD, type CoverUploadResponse } from '@warraq/contracts';
import sharp from 'sharp';
import { ApiError } from '../../common/http/api-error';
import { COVER_QUALITY, storeCoverRenditionsOf, type CoverRenditionRow } from './cover-renditions';
import { sniffImage } from './image-sniff';
import { MediaStorage, mediaUrl } from './media-storage';

/** Decoding stops before this many pixels: a header that claims a huge image is refused, not decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Series covers uploaded by users: checked by their bytes, decoded under a pixel ceiling, re-encoded
 * to one WebP image (metadata stripped), and stored content-addressed. The user's bytes are never
 * served as they came. The narrower copies are made when a series takes the cover
 * ({@link CoverService.renditionsOf}), from the stored image, so no browser names them.
 */
@Injectable()
export class CoverService {
  constructor(private readonly storage: MediaStorage) {}

  async store(bytes: Buffer): Promise<CoverUploadResponse> {
    if (bytes.length > COVER_UPLOAD.maxBytes) throw ApiError.validation({ file: [COVER_UPLOAD.tooLarge] });
    if (!sniffImage(bytes)) throw ApiError.validation({ file: [COVER_UPLOAD.invalidType] });
    let webp: Buffer;
    try {
      webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(COVER_UPLOAD.width, COVER_UPLOAD.height, { fit: 'cover', position: 'attention' })
        .webp({ quality: COVER_QUALITY })
        .toBuffer();
    } catch {
      throw ApiError.validation({ file: [COVER_UPLOAD.unreadable] });
    }
    const stored = await this.storage.put(webp, 'webp');
    return {
      success: true,
      key: stored.key,
      url: mediaUrl(stored.key),
      width: COVER_UPLOAD.width,
      height: COVER_UPLOAD.height,
    };
  }

  /** The stored cover's narrower copies (stored now, or found already stored); null when it is not there. */
  renditionsOf(key: string): Promise<CoverRenditionRow[] | null> {
    return storeCoverRenditionsOf(this.storage, key);
  }
}
