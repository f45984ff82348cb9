import { useId, useState, type ChangeEvent } from 'react';
import { COVER_UPLOAD } from '@warraq/contracts';
import { uploadCover } from '@/lib/api/cover-upload';
import { ApiError } from '@/lib/api/api-error';
import { fmt, t } from '@/i18n';
import { formatPercent } from '@/lib/format/format';

export interface CoverUploadFieldProps {
  /** Called with the stored cover's key, or '' when the cover is removed. */
  onChange: (key: string) => void;
  error: string | undefined;
  disabled: boolean;
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; url: string }
  | { kind: 'failed'; message: string };

/** A cover picked from the device: checked here for type and size, then uploaded with real progress. */
export function CoverUploadField({ onChange, error, disabled }: CoverUploadFieldProps) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const [fileName, setFileName] = useState<string | null>(null);
  const f = t.mangaForm.cover;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setFileName(file.name);
    onChange('');
    if (!(COVER_UPLOAD.contentTypes as readonly string[]).includes(file.type)) {
      setState({ kind: 'failed', message: COVER_UPLOAD.invalidType });
      input.value = '';
      return;
    }
    if (file.size > COVER_UPLOAD.maxBytes) {
      setState({ kind: 'failed', message: COVER_UPLOAD.tooLarge });
      input.value = '';
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    try {
      const cover = await uploadCover(file, (fraction) =>
        setState({ kind: 'uploading', percent: Math.round(fraction * 100) }),
      );
      setState({ kind: 'done', url: cover.url });
      onChange(cover.key);
    } catch (failure) {
      const message =
        failure instanceof ApiError ? (failure.fieldErrors.file ?? failure.message) : t.errors.generic;
      setState({ kind: 'failed', message });
      input.value = '';
    }
  }

  function handleRemove() {
    setState({ kind: 'idle' });
    setFileName(null);
    onChange('');
  }

  const shown = state.kind === 'failed' ? state.message : error;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="font-medium">
        {f.label}
      </span>
      {/* The browser's own picker says "Choose File" in its UI language: the input stays (focusable,
          sr-only) and an Arabic button labels it, with the chosen file's name beside it (issue 15). */}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={COVER_UPLOAD.contentTypes.join(',')}
          className="peer sr-only"
          disabled={disabled || state.kind === 'uploading'}
          aria-labelledby={`${id}-label`}
          aria-describedby={shown ? `${id}-error` : `${id}-hint`}
          onChange={(event) => void handleFile(event)}
        />
        <label
          htmlFor={id}
          className="btn btn-outline btn-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:btn-disabled"
        >
          {f.choose}
        </label>
        <span
          className="min-w-0 truncate text-sm text-base-content/70"
          dir="auto"
          data-testid="cover-file-name"
        >
          {fileName ?? f.noFile}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        {fmt(f.hint)}
      </p>
      {state.kind === 'uploading' && (
        <progress className="progress progress-primary w-full" value={state.percent} max={100}>
          {formatPercent(state.percent)}
        </progress>
      )}
      {state.kind === 'done' && (
        <div className="flex items-end gap-3">
          <img
            src={state.url}
            width={COVER_UPLOAD.width}
            height={COVER_UPLOAD.height}
            alt={f.preview}
            className="h-36 w-24 rounded-box object-cover"
          />
          <button type="button" className="btn btn-ghost btn-sm" onClick={handleRemove}>
            {f.remove}
          </button>
        </div>
      )}
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {shown}
        </p>
      )}
    </div>
  );
}
