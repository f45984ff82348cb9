import { useId, useState, type DragEvent } from 'react';
import type { UploadMethod } from '@warraq/contracts';
import { acceptFor } from '@/lib/chapters/chapter-files';
import { fmt, t } from '@/i18n';

export interface FileDropZoneProps {
  method: UploadMethod;
  disabled: boolean;
  error: string | null;
  onFiles: (files: File[]) => void;
}

/** The file input of the chosen method, inside an area that also takes dropped files. */
export function FileDropZone({ method, disabled, error, onFiles }: FileDropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  }

  return (
    <div
      className={`flex flex-col items-center gap-2 rounded-box border-2 border-dashed p-4 text-center transition-colors sm:p-6 ${
        over ? 'border-primary bg-primary/10' : error ? 'border-error' : 'border-base-300 bg-base-200/50'
      } ${disabled ? 'opacity-60' : ''}`}
      onDragOver={handleDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-8 text-primary"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 16V4m0 0-4 4m4-4 4 4" />
        <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      </svg>
      <input
        id={id}
        type="file"
        className="peer sr-only"
        accept={acceptFor(method)}
        multiple={method === 'images'}
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          onFiles([...(input.files ?? [])]);
          // The same file may be picked again after it was removed.
          input.value = '';
        }}
      />
      {/* The browser's own file button speaks its UI language; this one speaks the page's. */}
      <label
        htmlFor={id}
        className={`btn btn-outline btn-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ${
          disabled ? 'btn-disabled' : ''
        }`}
      >
        {t.chapterForm.pick[method]}
      </label>
      <p className="text-sm text-base-content/70">
        {over ? t.chapterForm.dropActive : t.chapterForm.dropHint}
      </p>
      <p id={hintId} className="text-sm text-base-content/70">
        {fmt(method === 'zip' ? t.chapterForm.zipHint : t.chapterForm.imagesHint)}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-error">
          {error}
        </p>
      )}
    </div>
  );
}
