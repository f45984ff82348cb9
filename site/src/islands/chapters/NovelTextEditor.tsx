import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type ReactNode,
} from 'react';
import {
  countNovelTextWords,
  estimateReadingMinutes,
  NOVEL_CHAPTER_MESSAGES,
  NOVEL_IMPORT_LIMITS,
  type ChapterLanguage,
  type NovelText,
} from '@warraq/contracts';
import { ApiError } from '@/lib/api/api-error';
import { fetchChapterImport, startChapterImport } from '@/lib/api/novel-chapters';
import { novelTextFromPlainText, novelTextToEditorHtml } from '@/lib/novel/editor-html';
import { novelTextFromDom, novelTextFromPastedHtml } from '@/lib/novel/pasted-html';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { ConfirmDialog } from '@/ui/ConfirmDialog';

export interface NovelTextEditorProps {
  language: ChapterLanguage;
  /** The server's (or the form's) reason the text was refused, shown under the editor. */
  error: string | undefined;
  disabled: boolean;
  /** The text as the structure, on every change (typing, paste, format, import). */
  onChange: (text: NovelText) => void;
}

type FormatCommand = 'bold' | 'italic' | 'insertHorizontalRule';

const EMPTY_TEXT: NovelText = { version: 1, blocks: [] };
const READ_DELAY_MS = 150;
const POLL_EVERY_MS = 1_000;
const POLL_MAX = 60;
const EMPTY_EDITOR = { __html: '<p><br></p>' };
const ACCEPT = NOVEL_IMPORT_LIMITS.extensions.map((e) => `.${e}`).join(',');

type ImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'reading'; name: string }
  | { kind: 'done'; name: string }
  | { kind: 'failed'; message: string };

/**
 * The text of a novel chapter: a light editor (paragraphs, emphasis, strong, scene breaks) whose
 * markup is read back with the paste reader, so what it sends is always the strict structure, never
 * its HTML. A paste from a word processor keeps its paragraphs and marks; a .txt, .docx or .epub is
 * read by the worker and lands here to review before submitting.
 */
export function NovelTextEditor({ language, error, disabled, onChange }: NovelTextEditorProps) {
  const ids = useId();
  const editor = useRef<HTMLDivElement>(null);
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState<NovelText>(EMPTY_TEXT);
  const [imported, setImported] = useState<ImportState>({ kind: 'idle' });
  /** A file chosen while the editor holds text: imported only once the writer agrees to replace it. */
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const e = t.chapterForm.novel;
  const TOOLBAR: { command: FormatCommand; label: ReactNode }[] = [
    { command: 'bold', label: <strong>{e.strong}</strong> },
    { command: 'italic', label: <em>{e.emphasis}</em> },
    { command: 'insertHorizontalRule', label: e.sceneBreak },
  ];

  useEffect(() => () => clearTimeout(readTimer.current), []);

  function publish(next: NovelText) {
    setText(next);
    onChange(next);
  }

  /** Reads the editor's markup into the structure, a moment after the last keystroke. */
  function scheduleRead() {
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      if (editor.current) publish(novelTextFromDom(editor.current));
    }, READ_DELAY_MS);
  }

  function format(command: FormatCommand) {
    editor.current?.focus();
    // execCommand is the one editing API every browser's contenteditable shares; its markup (b, i,
    // hr, or styled spans) is read back by the same reader as a paste.
    document.execCommand(command);
    if (command === 'insertHorizontalRule') document.execCommand('insertParagraph');
    scheduleRead();
  }

  function handlePaste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const pasted = html
      ? novelTextFromPastedHtml(html)
      : novelTextFromPlainText(event.clipboardData.getData('text/plain'));
    if (pasted.blocks.length === 0) return;
    document.execCommand('insertHTML', false, novelTextToEditorHtml(pasted));
    scheduleRead();
  }

  function replaceText(next: NovelText) {
    if (editor.current) editor.current.innerHTML = novelTextToEditorHtml(next) || EMPTY_EDITOR.__html;
    publish(next);
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (text.blocks.length > 0) setPendingFile(file);
    else void importFile(file);
  }

  async function importFile(file: File) {
    setImported({ kind: 'uploading', name: file.name, percent: 0 });
    try {
      const started = await startChapterImport({
        file,
        language,
        onProgress: (fraction) =>
          setImported({ kind: 'uploading', name: file.name, percent: Math.round(fraction * 100) }),
      });
      setImported({ kind: 'reading', name: file.name });
      let current = started.import;
      for (let poll = 0; current.state === 'processing' && poll < POLL_MAX; poll++) {
        await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
        current = (await fetchChapterImport(current.id)).import;
      }
      if (current.state === 'done' && current.text) {
        replaceText(current.text);
        setImported({ kind: 'done', name: file.name });
      } else {
        const reason = current.failure?.message ?? NOVEL_CHAPTER_MESSAGES.importServerError;
        setImported({ kind: 'failed', message: reason });
      }
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.fieldErrors.file ?? failure.message)
          : NOVEL_CHAPTER_MESSAGES.importServerError;
      setImported({ kind: 'failed', message });
    }
  }

  const words = countNovelTextWords(text.blocks);
  const minutes = estimateReadingMinutes(words, language);
  const busy = imported.kind === 'uploading' || imported.kind === 'reading';
  const describedBy = [`${ids}-hint`, `${ids}-count`, error ? `${ids}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby={`${ids}-label`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <span id={`${ids}-label`} className="font-semibold">
          {e.label}
        </span>
        <div role="toolbar" aria-label={e.toolbar} className="join">
          {TOOLBAR.map(({ command, label }) => (
            <button
              key={command}
              type="button"
              className="join-item btn btn-sm"
              disabled={disabled}
              // Keeps the editor's selection: a click that took focus would format nothing.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => format(command)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${ids}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        dir="rtl"
        lang="ar"
        className={`textarea block min-h-72 w-full max-w-none overflow-y-auto text-lg leading-loose [&_hr]:my-4 [&_hr]:border-base-300 [&_p]:mb-3 ${
          error ? 'textarea-error' : ''
        }`}
        style={{ maxBlockSize: '70vh' }}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        onInput={scheduleRead}
        onPaste={handlePaste}
        onKeyDown={(event) => {
          if (!(event.ctrlKey || event.metaKey)) return;
          const key = event.key.toLowerCase();
          if (key === 'b' || key === 'i') {
            event.preventDefault();
            format(key === 'b' ? 'bold' : 'italic');
          }
        }}
        // The markup is the browser's from here on (read back on every change), never React's.
        dangerouslySetInnerHTML={EMPTY_EDITOR}
      />
      <p id={`${ids}-hint`} className="text-sm text-base-content/70">
        {e.hint.split('{sceneBreak}').map((part, i) => (
          <span key={i}>
            {i > 0 && <bdi dir="ltr">* * *</bdi>}
            {part}
          </span>
        ))}
      </p>
      <p id={`${ids}-count`} className="text-sm font-semibold" aria-live="polite">
        {fmt(e.count, {
          words: fmtCount(t.novelReader.words, words),
          minutes: fmtCount(e.minutes, minutes),
        })}
      </p>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}

      <div className="flex flex-col gap-1 rounded-box border border-dashed border-base-300 p-3">
        <span id={`${ids}-import-label`} className="font-semibold">
          {e.importLabel}
        </span>
        {/* The browser's own file button speaks the browser's language: ours says it in Arabic. */}
        <label
          className={`btn btn-sm self-start ${disabled || busy ? 'btn-disabled' : ''}`}
          aria-disabled={disabled || busy || undefined}
        >
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {e.importPick}
          <input
            id={`${ids}-file`}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={disabled || busy}
            aria-labelledby={`${ids}-import-label`}
            aria-describedby={`${ids}-import-status`}
            onChange={handleFile}
          />
        </label>
        <p id={`${ids}-import-status`} className="text-sm text-base-content/70" aria-live="polite">
          {imported.kind === 'idle' && fmt(e.importHint)}
          {imported.kind === 'uploading' &&
            fmt(e.importUploading, { name: imported.name, percent: formatNumber(imported.percent) })}
          {imported.kind === 'reading' && fmt(e.importReading, { name: imported.name })}
          {imported.kind === 'done' && fmt(e.importDone, { name: imported.name })}
        </p>
        {imported.kind === 'failed' && (
          <p role="alert" className="text-sm text-error">
            {NOVEL_CHAPTER_MESSAGES.importFailed}: {imported.message}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={pendingFile !== null}
        title={e.replaceTitle}
        labels={{ cancel: e.replaceCancel, confirm: e.replaceAction, busy: e.replaceAction }}
        onClose={() => setPendingFile(null)}
        onConfirm={async () => {
          const file = pendingFile;
          setPendingFile(null);
          // The import reports its own progress under the editor; the dialog need not wait for it.
          if (file) void importFile(file);
        }}
      >
        <p>{e.replaceConfirm}</p>
      </ConfirmDialog>
    </section>
  );
}
