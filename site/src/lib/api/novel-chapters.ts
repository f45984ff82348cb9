import { type ChapterLanguage, INGEST_ROUTES, type TextChapterBody } from '@warraq/contracts';
import { api } from './client';
import { xhrUpload } from './xhr-upload';

/** Spec §9: the chapter create call gives up after 30 s. */
const CREATE_TIMEOUT_MS = 30_000;

/** A novel chapter written, pasted or imported in the editor, submitted as structure. */
export function submitTextChapter(body: TextChapterBody) {
  return api(INGEST_ROUTES.createText, { body }, { timeoutMs: CREATE_TIMEOUT_MS });
}

/** Sends a .txt, .docx or .epub file for the worker to read; the answer names the import to poll. */
export function startChapterImport(options: {
  file: File;
  language: ChapterLanguage;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal | undefined;
}) {
  return xhrUpload({
    route: INGEST_ROUTES.importFile,
    query: { name: options.file.name, language: options.language },
    body: options.file,
    contentType: 'application/octet-stream',
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

export function fetchChapterImport(importId: string) {
  return api(INGEST_ROUTES.importStatus, { params: { id: importId } });
}
