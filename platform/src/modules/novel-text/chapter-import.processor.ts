import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { outageLogger } from '../../common/redis/outage-log';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { bullConnection, bullPrefix } from '../../jobs/bullmq-connection';
import { JOBS, type JobsOf, QUEUES } from '../../jobs/job-names';
import { ChapterImportFiles } from './chapter-import-files';
import type { ChapterImportPayload, ChapterImportResult } from './chapter-import.queue';
import { importChapterFile } from './import/import-chapter-file';
import { NovelTextRejection } from './novel-text.rejection';

type ImportJobName = JobsOf<typeof QUEUES.novelImport>;
type ImportJob = Job<ChapterImportPayload, ChapterImportResult, ImportJobName>;

/**
 * The consumer of the `novel-import` queue, in the worker process only: one file at a time, read by
 * `importChapterFile` within its limits on size, entries and time (10 s). A refused file is an
 * answer, not a failure (no retry can change it); a missing file or a crash is retried once.
 */
@Injectable()
export class ChapterImportProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ChapterImportProcessor.name);
  private worker: Worker<ChapterImportPayload, ChapterImportResult, ImportJobName> | undefined;

  constructor(
    private readonly files: ChapterImportFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const worker = new Worker<ChapterImportPayload, ChapterImportResult, ImportJobName>(
      QUEUES.novelImport,
      (job: ImportJob) => this.process(job),
      {
        connection: bullConnection(this.config),
        prefix: bullPrefix(this.config),
        concurrency: 1,
      },
    );
    worker.on('error', outageLogger(this.logger, 'novel import worker'));
    this.worker = worker;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: ImportJob): Promise<ChapterImportResult> {
    switch (job.name) {
      case JOBS.chapterFileImport:
        break;
      default: {
        const unknownName: never = job.name;
        throw new UnrecoverableError(`unknown novel import job ${String(unknownName)}`);
      }
    }
    const { importId, fileName, language } = job.data;
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      const bytes = await this.files.read(importId);
      const prepared = await importChapterFile({ name: fileName, bytes }, { language });
      await this.files.remove(importId);
      return {
        ok: true,
        text: prepared.text,
        words: prepared.words,
        readingMinutes: prepared.readingMinutes,
      };
    } catch (error) {
      if (error instanceof NovelTextRejection) {
        await this.files.remove(importId);
        return { ok: false, failure: error.toFailure() };
      }
      this.logger.error(
        `import ${importId} failed${lastAttempt ? ' for good' : ', will retry'}: ${String(error)}`,
      );
      if (lastAttempt) await this.files.remove(importId);
      throw error;
    }
  }
}
