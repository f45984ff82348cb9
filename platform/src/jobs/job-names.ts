import type { ChapterLanguage } from '@warraq/contracts';

/** Every queue and the jobs it carries, with each job's payload. */
export const QUEUES = {
  maintenance: 'maintenance',
  ingest: 'ingest',
  follows: 'follows',
  /** Chapter files (.txt, .docx, .epub) read into text: apart from page ingest, so neither waits on the other. */
  novelImport: 'novel-import',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  tokensPurgeExpired: 'tokens.purge-expired',
  uploadsPurgeAbandoned: 'uploads.purge-abandoned',
  mediaSweep: 'media.sweep',
  chapterIngest: 'chapter.ingest',
  chapterAvif: 'chapter.avif',
  chaptersFanout: 'chapters.fanout',
  chapterFileImport: 'chapter.file-import',
} as const;

/** Job name → payload. A processor switches over these names exhaustively. */
export interface JobPayloads {
  [JOBS.tokensPurgeExpired]: Record<string, never>;
  [JOBS.uploadsPurgeAbandoned]: Record<string, never>;
  [JOBS.mediaSweep]: Record<string, never>;
  /** The job id is the upload id too, so BullMQ itself refuses a second job for one upload. */
  [JOBS.chapterIngest]: { uploadId: string };
  /**
   * AVIF copies of a published chapter's pages. On the ingest queue at the lowest priority, so it runs
   * only when no upload waits; its job id is `avif-<chapterId>`, one per chapter.
   */
  [JOBS.chapterAvif]: { chapterId: number };
  /**
   * Announces what of the series still waits: itself in `series_fanout` (a followed user's new work)
   * and its approved chapters in `chapter_fanout`.
   */
  [JOBS.chaptersFanout]: { seriesId: number };
  /** The job id is the import id, which also names the received file on disk. */
  [JOBS.chapterFileImport]: {
    importId: string;
    uploaderId: number;
    fileName: string;
    language: ChapterLanguage;
  };
}
export type JobName = keyof JobPayloads;

/** Which queue each job goes to. */
export const JOB_QUEUE = {
  [JOBS.tokensPurgeExpired]: QUEUES.maintenance,
  [JOBS.uploadsPurgeAbandoned]: QUEUES.maintenance,
  [JOBS.mediaSweep]: QUEUES.maintenance,
  [JOBS.chapterIngest]: QUEUES.ingest,
  [JOBS.chapterAvif]: QUEUES.ingest,
  [JOBS.chaptersFanout]: QUEUES.follows,
  [JOBS.chapterFileImport]: QUEUES.novelImport,
} as const satisfies { [N in JobName]: QueueName };

/** The jobs of one queue: what its processor must handle. */
export type JobsOf<Q extends QueueName> = {
  [N in JobName]: (typeof JOB_QUEUE)[N] extends Q ? N : never;
}[JobName];

export const TOKENS_PURGE_EVERY_MS = 10 * 60 * 1000;
export const UPLOADS_PURGE_EVERY_MS = 60 * 60 * 1000;
export const MEDIA_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
