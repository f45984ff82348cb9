import { useStore } from '@nanostores/react';
import { INGEST_MESSAGES, isRetryableFailure } from '@warraq/contracts';
import { formatBytes } from '@/lib/format/format';
import { bytesFraction, processingFraction, toPercent } from '@/lib/chapters/upload-progress';
import { sharedRealtime } from '@/lib/realtime/realtime';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import type { FileEntry, Phase } from '@/lib/chapters/chapter-upload-machine';

export interface UploadProgressPanelProps {
  phase: Phase;
  files: readonly FileEntry[];
  onRetryFiles: () => void;
  onRetryCommit: () => void;
  onRetryProcessing: () => void;
  onStartOver: () => void;
}

function percentText(percent: number): string {
  return fmt(t.chapterForm.progress.percent, { percent: formatNumber(percent) });
}

/** Whether processing news arrives live or by polling (browser only: it reads the page's socket). */
function DeliveryNote() {
  const realtime = useStore(sharedRealtime().$state);
  const p = t.chapterForm.progress;
  return (
    <p className="text-xs text-base-content/60">{realtime.status === 'connected' ? p.live : p.polling}</p>
  );
}

/**
 * The real bytes sent, then processing pushed over /ws, then the result (or the failure). Mounted
 * once the chapter is declared, so only in the browser.
 */
export function UploadProgressPanel(props: UploadProgressPanelProps) {
  const { phase, files } = props;
  if (phase.kind === 'editing' || phase.kind === 'declaring') return null;

  // A refused file's bytes went nowhere: they do not count as uploaded.
  const sizes = files.map((entry) => ({
    size: entry.file.size,
    progress: entry.status === 'error' ? 0 : entry.progress,
  }));
  const total = sizes.reduce((sum, file) => sum + file.size, 0);
  const uploadPercent = toPercent(bytesFraction(sizes));
  const anyFailed = files.some((entry) => entry.status === 'error');
  const inFlight = files.some((entry) => entry.status === 'uploading');
  const retryable = files.some((entry) => entry.status === 'error' && !entry.rejected);
  const processing = phase.kind === 'processing' || phase.kind === 'done' || phase.kind === 'failed';
  // Only a failure a retry can cure keeps the files on the server (the others' files are removed).
  const processingRetryable =
    phase.kind === 'failed' && (!phase.upload.failure || isRetryableFailure(phase.upload.failure.code));
  const fraction = processing ? processingFraction(phase.upload) : null;
  const processingPercent = fraction === null ? null : toPercent(fraction);
  const p = t.chapterForm.progress;

  return (
    <section
      aria-labelledby="upload-progress"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200/40 p-3 sm:p-4"
    >
      <h3 id="upload-progress" className="font-semibold">
        {p.heading}
      </h3>

      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-medium">{p.upload}</span>
          <span className="text-base-content/70" aria-live="off">
            {fmt(p.uploadBytes, {
              sent: formatBytes(Math.round((total * uploadPercent) / 100)),
              total: formatBytes(total),
            })}{' '}
            · {percentText(uploadPercent)}
          </span>
        </div>
        <progress
          className={`progress w-full ${anyFailed && !inFlight ? 'progress-error' : 'progress-primary'}`}
          value={uploadPercent}
          max={100}
          aria-label={p.uploadLabel}
          data-upload-progress={uploadPercent}
        />
        {phase.kind === 'uploading' && anyFailed && !inFlight && (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
            <span className="flex-1">
              <strong>{INGEST_MESSAGES.incomplete}</strong> — {t.chapterForm.incompleteBody}
            </span>
            {retryable && (
              <button type="button" className="btn btn-sm" onClick={props.onRetryFiles}>
                {t.chapterForm.files.retryFailed}
              </button>
            )}
          </div>
        )}
      </div>

      {phase.kind === 'committing' && (
        <p className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          {p.committing}
        </p>
      )}

      {phase.kind === 'commitFailed' && (
        <div role="alert" className="alert alert-error flex flex-wrap">
          <span className="flex-1">
            <strong>{t.chapterForm.commitFailed}</strong> — {phase.message}
          </span>
          <button type="button" className="btn btn-sm" onClick={props.onRetryCommit}>
            {t.chapterForm.retry}
          </button>
        </div>
      )}

      {processing && (
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">{p.processing}</span>
            <span className="text-base-content/70" data-testid="processing-status">
              {phase.kind === 'done'
                ? p.done
                : phase.upload.state === 'queued'
                  ? p.queued
                  : phase.upload.total === null
                    ? p.reading
                    : fmtCount(p.pages, phase.upload.total, {
                        processed: formatNumber(phase.upload.processed),
                      })}
              {processingPercent !== null && <> · {percentText(processingPercent)}</>}
            </span>
          </div>
          {processingPercent === null ? (
            <progress className="progress progress-secondary w-full" aria-label={p.processingLabel} />
          ) : (
            <progress
              className={`progress w-full ${phase.kind === 'failed' ? 'progress-error' : 'progress-secondary'}`}
              value={processingPercent}
              max={100}
              aria-label={p.processingLabel}
              data-processing-progress={processingPercent}
            />
          )}
          {phase.kind === 'processing' && <DeliveryNote />}
        </div>
      )}

      {phase.kind === 'failed' && (
        <div
          role="alert"
          className="alert alert-error flex flex-col items-stretch gap-2 sm:flex-row sm:items-center"
        >
          <div className="flex-1">
            <p className="font-bold">{t.chapterForm.processingFailed}</p>
            <p dir="auto">{phase.upload.failure?.message ?? INGEST_MESSAGES.failed}</p>
            {phase.upload.failure?.file && (
              <p className="text-sm">
                {t.chapterForm.failedFileLabel} <bdi dir="auto">{phase.upload.failure.file}</bdi>
              </p>
            )}
            <p className="text-sm opacity-80">
              {processingRetryable ? t.chapterForm.keptNote : t.chapterForm.removedNote}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {processingRetryable && (
              <button type="button" className="btn btn-sm" onClick={props.onRetryProcessing}>
                {t.chapterForm.retry}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-sm" onClick={props.onStartOver}>
              {t.chapterForm.startOver}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
