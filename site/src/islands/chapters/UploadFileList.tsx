import { memo } from 'react';
import { formatBytes } from '@/lib/format/format';
import { toPercent } from '@/lib/chapters/upload-progress';
import { fmt, t } from '@/i18n';
import type { FileEntry, FileStatus } from '@/lib/chapters/chapter-upload-machine';

export interface UploadFileListProps {
  files: readonly FileEntry[];
  /** Files may be removed (editing, or a declared upload waiting on the uploader). */
  canRemove: boolean;
  /** Failed sends may be retried (the upload is declared and receiving). */
  canRetry: boolean;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}

const STATUS_BADGE: Record<FileStatus, string> = {
  ready: 'badge-ghost',
  uploading: 'badge-info',
  success: 'badge-success',
  error: 'badge-error',
};

interface RowProps {
  entry: FileEntry;
  canRemove: boolean;
  canRetry: boolean;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}

const FileRow = memo(function FileRow({ entry, canRemove, canRetry, onRemove, onRetry }: RowProps) {
  const { file, status, progress, error } = entry;
  const percent = toPercent(progress);
  const errorId = `file-error-${entry.key}`;
  return (
    <li
      className="flex flex-col gap-1 py-2"
      data-file-status={status}
      aria-describedby={error ? errorId : undefined}
    >
      <div className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium" dir="auto" title={file.name}>
          {file.name}
        </span>
        <span className="shrink-0 text-xs text-base-content/70">{formatBytes(file.size)}</span>
        <span className={`badge badge-sm shrink-0 ${STATUS_BADGE[status]}`}>
          {t.chapterForm.files.statuses[status]}
        </span>
        {canRetry && status === 'error' && !entry.rejected && (
          <button
            type="button"
            className="btn btn-ghost btn-xs shrink-0"
            aria-label={fmt(t.chapterForm.files.retry, { name: file.name })}
            onClick={() => onRetry(entry.key)}
          >
            <span aria-hidden="true">↻</span>
          </button>
        )}
        {canRemove && (
          <button
            type="button"
            className="btn btn-ghost btn-xs shrink-0"
            aria-label={fmt(t.chapterForm.files.remove, { name: file.name })}
            onClick={() => onRemove(entry.key)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </div>
      <progress
        className={`progress h-1.5 w-full ${status === 'error' ? 'progress-error' : status === 'success' ? 'progress-success' : 'progress-primary'}`}
        value={percent}
        max={100}
        aria-label={fmt(t.chapterForm.files.progress, { name: file.name })}
      />
      {error && (
        <p id={errorId} className="text-sm text-error" dir="auto">
          {error}
        </p>
      )}
    </li>
  );
});

/** Spec §2 file list (max height 300 px, scrolls): name, size, status, progress and error per file. */
export function UploadFileList({ files, canRemove, canRetry, onRemove, onRetry }: UploadFileListProps) {
  return (
    <ul
      aria-label={t.chapterForm.files.list}
      className="max-h-[300px] divide-y divide-base-300 overflow-y-auto overscroll-contain rounded-box border border-base-300 px-3"
    >
      {files.map((entry) => (
        <FileRow
          key={entry.key}
          entry={entry}
          canRemove={canRemove}
          canRetry={canRetry}
          onRemove={onRemove}
          onRetry={onRetry}
        />
      ))}
    </ul>
  );
}
