import { Controller, Req, Res } from '@nestjs/common';
import { COVER_UPLOAD, type CoverUploadResponse, MEDIA_ROUTES } from '@warraq/contracts';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/http/api-error';
import { RouteParams } from '../../common/http/route-input';
import { Route } from '../auth/route.decorator';
import { CoverService } from './cover.service';
import { MediaStorage } from './media-storage';
import { sendStoredMedia } from './send-media';

/** `/media/<key>` (outside the /api prefix): immutable, content-addressed, never sniffed. */
@Controller()
export class MediaController {
  constructor(
    private readonly storage: MediaStorage,
    private readonly covers: CoverService,
  ) {}

  /** POST /api/media/covers: the raw image bytes (image/jpeg, image/png or image/webp) of a cover. */
  @Route(MEDIA_ROUTES.uploadCover)
  uploadCover(@Req() req: Request): Promise<CoverUploadResponse> {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
      throw ApiError.validation({ file: [COVER_UPLOAD.invalidType] });
    }
    return this.covers.store(req.body);
  }

  @Route(MEDIA_ROUTES.file)
  serve(@RouteParams() { key }: { key: string }, @Req() req: Request, @Res() res: Response): Promise<void> {
    return sendStoredMedia(this.storage, key, req, res);
  }
}
