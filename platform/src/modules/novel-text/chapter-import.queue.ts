import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NovelText, NovelTextFailure } from '@warraq/contracts';
import { type JobState, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { withCommandTimeout } from '../../common/redis/command-timeout';
import { outageLogger } from '../../common/redis/outage-log';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { bullPrefix, producerConnection } from '../../jobs/bullmq-connection';
import { JOBS, type JobPayloads, QUEUES } from '../../jobs/job-names';

export type ChapterImportPayload = JobPayloads[typeof JOBS.chapterFileImport];

/** What the worker made of a file: the text to review, or the Arabic reason it was refused. */
export type ChapterImportResult =
  | { ok: true; text: NovelText; words: number; readingMinutes: number }
  | { ok: false; failure: NovelTextFailure };

/** How long an import's answer stays readable: the author reviews it in the editor at once. */
const RESULT_KEPT_SECONDS = 60 * 60;
const ATTEMPTS = 2;
const CALL_TIMEOUT_MS = 5_000;

export interface ImportJobView {
  payload: ChapterImportPayload;
  state: JobState | 'unknown';
  result: ChapterImportResult | null;
}

/**
 * The `novel-import` queue from the API's side: add a job per received file (job id = import id)
 * and read its state and result back. Redis holds the answer for an hour; nothing of an import is
 * a record (the chapter is created only when the author submits the reviewed text).
 */
@Injectable()
export class ChapterImportQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue<ChapterImportPayload, ChapterImportResult>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { url, ...options } = producerConnection(config);
    this.connection = new Redis(url, options);
    const logOutage = outageLogger(new Logger(ChapterImportQueue.name), 'novel import queue');
    this.connection.on('error', logOutage);
    this.queue = new Queue<ChapterImportPayload, ChapterImportResult>(QUEUES.novelImport, {
      connection: this.connection,
      prefix: bullPrefix(config),
    });
    this.queue.on('error', logOutage);
  }

  async onApplicationShutdown(): Promise<void> {
    await withTimeout(this.queue.close(), 2_000).catch(() => undefined);
    this.connection.disconnect();
  }

  /** Fails within a few seconds when Redis is unavailable. */
  async enqueue(payload: ChapterImportPayload): Promise<void> {
    await withTimeout(
      this.queue.add(JOBS.chapterFileImport, payload, {
        jobId: payload.importId,
        attempts: ATTEMPTS,
        backoff: { type: 'fixed', delay: 1_000 },
        removeOnComplete: { age: RESULT_KEPT_SECONDS },
        removeOnFail: { age: RESULT_KEPT_SECONDS },
      }),
      CALL_TIMEOUT_MS,
    );
  }

  async find(importId: string): Promise<ImportJobView | null> {
    // The state first: a job read after it says completed carries its result (read the other way
    // round, a job finishing in between would look completed with no result).
    const state = await withTimeout(this.queue.getJobState(importId), CALL_TIMEOUT_MS);
    const job = await withTimeout(this.queue.getJob(importId), CALL_TIMEOUT_MS);
    if (!job || state === 'unknown') return null;
    return {
      payload: job.data,
      state,
      result: state === 'completed' ? (job.returnvalue ?? null) : null,
    };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return withCommandTimeout(work, ms, 'the novel import queue did not answer');
}
