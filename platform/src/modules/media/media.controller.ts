import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../common/decorators/access.decorators';
import { ApiError } from '../../common/http/api-error';
import { MediaStorage } from './media-storage';

/** `/media/<key>` (outside the /api prefix): immutable, content-addressed, never sniffed. */
@Controller('media')
export class MediaController {
  constructor(private readonly storage: MediaStorage) {}

  @Get(':key')
  @Public()
  async serve(@Param('key') key: string, @Res() res: Response): Promise<void> {
    const object = await this.storage.open(key);
    if (!object) throw ApiError.notFound();
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('ETag', `"${key.slice(0, 64)}"`);
    object.stream.on('error', () => res.destroy());
    object.stream.pipe(res);
  }
}
