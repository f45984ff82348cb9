import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { ApiError } from '../../common/http/api-error';
import { MEDIA_CACHE_CONTROL, mediaContentType, type MediaStorage } from './media-storage';

/**
 * Answers with a stored image: `/media/<key>` and the OPDS page stream serve bytes the same way
 * (immutable, never sniffed, sandboxed). 404 when the store has no such object.
 */
export async function sendStoredMedia(
  storage: MediaStorage,
  key: string,
  req: Request,
  res: Response,
): Promise<void> {
  // HEAD (Express routes it here) needs the size only: no object body is fetched from the store.
  if (req.method === 'HEAD') {
    const info = await storage.stat(key);
    if (!info) throw ApiError.notFound();
    writeMediaHeaders(res, key, info.size);
    res.end();
    return;
  }
  const object = await storage.open(key);
  if (!object) throw ApiError.notFound();
  writeMediaHeaders(res, key, object.size);
  // pipeline ends both sides when either fails: a reader who goes away releases the file or the
  // object store's connection, and a store that fails mid-body cuts the answer short (never a
  // complete-looking truncated image).
  pipeline(object.stream, res, () => undefined);
}

function writeMediaHeaders(res: Response, key: string, size: number): void {
  res.status(200);
  res.setHeader('Content-Type', mediaContentType(key));
  res.setHeader('Content-Length', String(size));
  res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('ETag', `"${key.slice(0, 64)}"`);
}
