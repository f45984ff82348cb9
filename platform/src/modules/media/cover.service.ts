import { Injectable } from '@nestjs/common';
import { COVER_UPLOAD, type CoverUploadResponse } from '@warraq/contracts';
import sharp from 'sharp';
import { ApiError } from '../../common/http/api-error';
import { sniffImage } from './image-sniff';
import { MediaStorage, mediaUrl } from './media-storage';

/** Decoding stops before this many pixels: a header that claims a huge image is refused, not decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Series covers uploaded by users: checked by their bytes, decoded under a pixel ceiling, re-encoded
 * to one WebP rendition (metadata stripped), and stored content-addressed. The user's bytes are never
 * served as they came.
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
        .webp({ quality: 82 })
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

  exists(key: string): Promise<boolean> {
    return this.storage.exists(key);
  }
}
