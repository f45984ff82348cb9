import { COVER_UPLOAD, INGEST_ROUTES, MEDIA_ROUTES, SYSTEM_ROUTES } from '@warraq/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { errorBody } from '../filters/api-exception.filter';
import { pathPattern } from '../http/route-input';

export const JSON_BODY_LIMIT = '100kb';
/** Routes whose body is an image, not JSON: parsed raw, up to the 10 MB per image of the spec. */
export const IMAGE_BODY_PATHS: string[] = [MEDIA_ROUTES.uploadCover.path];
export const parseImageBody: RequestHandler = express.raw({
  type: ['image/jpeg', 'image/png', 'image/webp'],
  limit: '10mb',
});
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes that stream their body themselves (chapter upload files, up to 100 MB): no parser may touch
 * it, the handler reads it straight to disk and enforces its own limits.
 */
export const STREAMED_BODY_PATHS = [pathPattern(INGEST_ROUTES.file.path)];

export function isStreamedBodyPath(path: string): boolean {
  return STREAMED_BODY_PATHS.some((pattern) => pattern.test(path));
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Request bodies are JSON only: anything else that carries a body is a 415. */
export function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  if (IMAGE_BODY_PATHS.includes(req.path) || isStreamedBodyPath(req.path)) {
    next();
    return;
  }
  if (BODY_METHODS.has(req.method) && hasBody(req) && !req.is('application/json')) {
    res.status(415).json(errorBody(415));
    return;
  }
  next();
}

const jsonParser: RequestHandler = express.json({ limit: JSON_BODY_LIMIT, strict: true });
/** Routes anyone may post to without signing in get a smaller body (client error reports: 16 KB). */
const SMALL_JSON_PATHS = new Set<string>([SYSTEM_ROUTES.reportClientError.path]);
const smallJsonParser: RequestHandler = express.json({ limit: '16kb', strict: true });

export const parseJsonBody: RequestHandler = (req, res, next) => {
  if (isStreamedBodyPath(req.path)) {
    next();
    return;
  }
  (SMALL_JSON_PATHS.has(req.path) ? smallJsonParser : jsonParser)(req, res, next);
};

/** Body-parser failures (too large, malformed JSON, bad charset) in the one error shape. */
export function bodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : NaN;
  if (!Number.isInteger(status) || status < 400 || status > 499) {
    next(error);
    return;
  }
  const type = (error as { type?: string }).type;
  if (status === 413 && IMAGE_BODY_PATHS.includes(req.path)) {
    res.status(413).json(errorBody(413, COVER_UPLOAD.tooLarge, { file: [COVER_UPLOAD.tooLarge] }));
    return;
  }
  const message = type === 'entity.parse.failed' ? 'تعذّر قراءة JSON في الطلب' : undefined;
  res.status(status).json(errorBody(status, message));
}
