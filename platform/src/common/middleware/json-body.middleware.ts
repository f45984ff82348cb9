import {
  COVER_UPLOAD,
  INGEST_ROUTES,
  MEDIA_ROUTES,
  NOVEL_CHAPTER_MESSAGES,
  NOVEL_IMPORT_BODY_BYTES,
  NOVEL_TEXT_BODY_BYTES,
  SYSTEM_ROUTES,
} from '@warraq/contracts';
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
/** A chapter file to import (.txt, .docx, .epub): raw bytes of any type, read by the worker. */
export const CHAPTER_FILE_BODY_PATHS: string[] = [INGEST_ROUTES.importFile.path];
export const parseChapterFileBody: RequestHandler = express.raw({
  type: () => true,
  limit: NOVEL_IMPORT_BODY_BYTES,
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
  if (
    IMAGE_BODY_PATHS.includes(req.path) ||
    CHAPTER_FILE_BODY_PATHS.includes(req.path) ||
    isStreamedBodyPath(req.path)
  ) {
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
/** A novel chapter's text is the one large JSON body (its own limits are checked after parsing). */
const TEXT_CHAPTER_PATHS = new Set<string>([INGEST_ROUTES.createText.path]);
const textChapterParser: RequestHandler = express.json({ limit: NOVEL_TEXT_BODY_BYTES, strict: true });

export const parseJsonBody: RequestHandler = (req, res, next) => {
  if (isStreamedBodyPath(req.path)) {
    next();
    return;
  }
  const parser = SMALL_JSON_PATHS.has(req.path)
    ? smallJsonParser
    : TEXT_CHAPTER_PATHS.has(req.path)
      ? textChapterParser
      : jsonParser;
  parser(req, res, next);
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
  if (status === 413 && TEXT_CHAPTER_PATHS.has(req.path)) {
    const tooLong = NOVEL_CHAPTER_MESSAGES.bodyTooLarge;
    res.status(413).json(errorBody(413, tooLong, { text: [tooLong] }));
    return;
  }
  if (status === 413 && CHAPTER_FILE_BODY_PATHS.includes(req.path)) {
    const tooLarge = NOVEL_CHAPTER_MESSAGES.fileTooLarge;
    res.status(413).json(errorBody(413, tooLarge, { file: [tooLarge] }));
    return;
  }
  const message = type === 'entity.parse.failed' ? 'تعذّر قراءة JSON في الطلب' : undefined;
  res.status(status).json(errorBody(status, message));
}
