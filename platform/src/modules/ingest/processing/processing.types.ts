import type { IngestFailureCode, UploadMethod } from '@warraq/contracts';
import type { MediaStorage } from '../../media/media-storage';
import type { ChapterBudgetLimits } from './processing.limits';

/** The originals of one upload, already durable on disk, in the order the uploader declared them. */
export interface IngestSource {
  method: UploadMethod;
  files: { path: string; name: string }[];
}

/** One stored page image, in reading order. Tall strips become several slices of one source page. */
export interface ProcessedPage {
  /** 0-based position in the chapter (slices included). */
  index: number;
  /** 0-based index of the page (image file or zip entry) it came from. */
  sourceIndex: number;
  mediaKey: string;
  width: number;
  height: number;
  bytes: number;
  /** The narrower stored copies of this image, narrowest first (see RENDITION.smallerWidths). */
  renditions: StoredRendition[];
}

export interface StoredRendition {
  width: number;
  mediaKey: string;
  bytes: number;
}

export interface ProcessOptions {
  /** The job's own scratch folder: the only place processing may write besides the media storage. */
  workDir: string;
  storage: MediaStorage;
  /** Called once the number of source pages is known (for a zip: after its central directory is read). */
  onTotal?: (total: number) => void | Promise<void>;
  /** Called after each source page is stored; `done` counts source pages. */
  onPage?: (done: number, total: number) => void | Promise<void>;
  /** Aborts between pages (worker shutdown hands the job back). */
  signal?: AbortSignal;
  /** What the chapter may cost (CHAPTER_BUDGET unless a test says otherwise). */
  budget?: ChapterBudgetLimits;
}

/**
 * The upload itself is unacceptable (hostile, corrupt, over a limit): retrying cannot help, so the
 * job fails for good and the uploader reads `message`. Any other error is transient and retried.
 */
export class IngestRejection extends Error {
  constructor(
    readonly code: IngestFailureCode,
    message: string,
    /** The file or entry at fault, sanitized for display, when one is. */
    readonly file: string | null = null,
  ) {
    super(message);
    this.name = 'IngestRejection';
  }
}
