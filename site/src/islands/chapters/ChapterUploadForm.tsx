import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHAPTER_LANGUAGES,
  chapterLanguageName,
  INGEST_MESSAGES,
  novelTextLimitIssues,
  UPLOAD_METHODS,
  type NovelText,
} from '@warraq/contracts';
import { ApiError } from '@/lib/api/api-error';
import { submitTextChapter } from '@/lib/api/novel-chapters';
import {
  ChapterFormSchema,
  EMPTY_CHAPTER_FORM,
  defaultChapterTitle,
  CHAPTER_FORM_FIELDS,
  fieldOfServerError,
  toTextChapterBody,
  type ChapterFormValues,
} from '@/lib/chapters/chapter-form';
import type { MangaOption } from '@/lib/chapters/manga-option';
import { href, type HrefContext } from '@/lib/site/href';
import { showToast } from '@/stores/toasts';
import { fmt, formatNumber, t } from '@/i18n';
import { formatDecimal } from '@/lib/format/format';
import { submitForm } from '@/ui/form-submit';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { FileDropZone } from './FileDropZone';
import { MangaPicker } from './MangaPicker';
import { NovelTextEditor } from './NovelTextEditor';
import { PagePreviewGrid } from './PagePreviewGrid';
import { UploadFileList } from './UploadFileList';
import { UploadProgressPanel } from './UploadProgressPanel';
import { useChapterUpload } from './use-chapter-upload';

export interface ChapterUploadFormProps {
  site: HrefContext;
  /** The series named by `?manga=`, preselected. */
  initialManga: MangaOption | null;
  /** `?manga=` named a series that does not exist (or that this user may not see). */
  preselectMissing: boolean;
}

/**
 * Spec §2 Add-chapter form with real uploads: series, number (decimals), title following the number
 * until edited, language, group, notes, the computed page count, images or one zip with per-file
 * progress and previews, then processing progress until the chapter opens.
 */
export default function ChapterUploadForm({ site, initialManga, preselectMissing }: ChapterUploadFormProps) {
  const hydrated = useHydrated();
  const ids = useId();
  const titleEdited = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<ChapterFormValues>({
    resolver: zodResolver(ChapterFormSchema),
    defaultValues: { ...EMPTY_CHAPTER_FORM, mangaId: initialManga ? String(initialManga.id) : '' },
  });
  const upload = useChapterUpload({
    site,
    onFieldErrors: (fieldErrors) => {
      for (const [field, message] of Object.entries(fieldErrors)) {
        const name = fieldOfServerError(field);
        if (name && name !== 'files' && name !== 'text') setError(name, { message }, { shouldFocus: true });
      }
    },
  });
  const { phase, files, method, editable } = upload;
  // A novel takes its chapter as text (the editor), every other type as pages (images or a zip).
  const [isNovel, setIsNovel] = useState(initialManga?.type === 'novel');
  const novelText = useRef<NovelText>({ version: 1, blocks: [] });
  const [textError, setTextError] = useState<string | undefined>();
  const [sendingText, setSendingText] = useState(false);
  const [textSent, setTextSent] = useState(false);

  /** Sends the text chapter; a refusal leaves every field and the text as they were. */
  async function submitText(values: ChapterFormValues) {
    const [issue] = novelTextLimitIssues(novelText.current.blocks);
    if (issue) {
      setTextError(issue.message);
      return;
    }
    setTextError(undefined);
    setSendingText(true);
    let refusal: unknown;
    const outcome = await submitForm(
      () =>
        submitTextChapter(toTextChapterBody(values, novelText.current)).catch((error: unknown) => {
          refusal = error;
          throw error;
        }),
      { setError, fields: CHAPTER_FORM_FIELDS, serverFields: { seriesId: 'mangaId' } },
      { title: INGEST_MESSAGES.failed },
    );
    setSendingText(false);
    if (!outcome.ok) {
      if (refusal instanceof ApiError) {
        const onText = Object.entries(refusal.fieldErrors).find(
          ([field]) => fieldOfServerError(field) === 'text',
        );
        if (onText) setTextError(onText[1]);
      }
      return;
    }
    setTextSent(true);
    showToast({ title: INGEST_MESSAGES.success, description: outcome.value.message });
    window.location.assign(href(outcome.value.chapter.chapterPath, site));
  }

  useEffect(() => {
    if (!preselectMissing) return;
    showToast({
      title: INGEST_MESSAGES.mangaNotFound,
      description: t.chapterForm.preselectMissing,
      variant: 'destructive',
    });
  }, [preselectMissing]);

  const chapterNumberField = register('chapterNumber', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      // Spec §5: the title defaults to 'الفصل {n}' and follows the number until the user writes one.
      if (!titleEdited.current) setValue('title', defaultChapterTitle(event.target.value));
    },
  });
  const titleField = register('title', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const text = event.target.value.trim();
      titleEdited.current = text !== '' && text !== defaultChapterTitle(getValues('chapterNumber'));
    },
  });

  const hasErrors = files.some((entry) => entry.status === 'error');
  const inFlight = files.some((entry) => entry.status === 'uploading');
  const working = phase.kind === 'declaring' || phase.kind === 'committing' || inFlight;
  const submitDisabled = !hydrated || !editable || hasErrors;
  const submitLabel =
    phase.kind === 'declaring'
      ? t.chapterForm.submitting
      : phase.kind === 'uploading' && hasErrors && !inFlight
        ? INGEST_MESSAGES.incomplete
        : phase.kind === 'uploading' || phase.kind === 'committing' || phase.kind === 'commitFailed'
          ? t.chapterForm.uploading
          : phase.kind === 'processing' || phase.kind === 'failed'
            ? t.chapterForm.processing
            : phase.kind === 'done'
              ? t.chapterForm.added
              : t.chapterForm.submit;
  const pageCountHint = upload.pageCountIsReal
    ? t.chapterForm.pageCountReal
    : method === 'zip'
      ? fmt(t.chapterForm.pageCountEstimate)
      : t.chapterForm.pageCountImages;
  const f = t.chapterForm.fields;
  const selectClass = (error: unknown) => `select w-full ${error ? 'select-error' : ''}`;

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      aria-busy={working || undefined}
      onSubmit={handleSubmit(
        (values) => (isNovel ? submitText(values) : upload.submit(values)),
        () => (isNovel ? undefined : upload.checkFiles()),
      )}
    >
      <fieldset className="flex min-w-0 flex-col gap-4" disabled={!editable}>
        <MangaPicker
          initial={initialManga}
          value={watch('mangaId')}
          selectProps={register('mangaId')}
          error={errors.mangaId?.message}
          disabled={!editable}
          site={site}
          onSelected={(option) => setIsNovel(option?.type === 'novel')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={f.chapterNumber}
            inputMode="decimal"
            autoComplete="off"
            // In the viewer's digits; the field reads either system (normalizeChapterNumber).
            placeholder={formatDecimal(1.5)}
            error={errors.chapterNumber?.message}
            {...chapterNumberField}
          />
          <TextField
            label={f.title}
            placeholder={defaultChapterTitle(watch('chapterNumber')) || defaultChapterTitle('1')}
            maxLength={255}
            error={errors.title?.message}
            {...titleField}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${ids}-language`} className="font-semibold">
              {f.language}
            </label>
            <select
              id={`${ids}-language`}
              className={selectClass(errors.language)}
              aria-invalid={errors.language ? true : undefined}
              {...register('language')}
            >
              {CHAPTER_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {chapterLanguageName(code)}
                </option>
              ))}
            </select>
            {errors.language && <p className="text-sm text-error">{errors.language.message}</p>}
          </div>
          <TextField
            label={f.translationGroup}
            maxLength={120}
            error={errors.translationGroup?.message}
            {...register('translationGroup')}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-notes`} className="font-semibold">
            {f.notes}
          </label>
          <textarea
            id={`${ids}-notes`}
            rows={3}
            dir="auto"
            maxLength={1000}
            className={`textarea w-full ${errors.notes ? 'textarea-error' : ''}`}
            aria-invalid={errors.notes ? true : undefined}
            {...register('notes')}
          />
          {errors.notes && <p className="text-sm text-error">{errors.notes.message}</p>}
        </div>
      </fieldset>

      {isNovel ? (
        <NovelTextEditor
          language={watch('language')}
          error={textError}
          disabled={!hydrated || sendingText || textSent}
          onChange={(text) => {
            novelText.current = text;
            if (textError) setTextError(undefined);
          }}
        />
      ) : (
        <>
          <section aria-labelledby={`${ids}-files`} className="flex min-w-0 flex-col gap-3">
            <div className="grid gap-4 sm:grid-cols-2">
              <fieldset
                disabled={!editable}
                className="flex flex-col gap-1"
                aria-describedby={`${ids}-method-hint`}
              >
                <legend id={`${ids}-files`} className="mb-1 font-semibold">
                  {t.chapterForm.method}
                </legend>
                <div className="join">
                  {UPLOAD_METHODS.map((option) => (
                    <input
                      key={option}
                      type="radio"
                      name="upload-method"
                      className="join-item btn btn-sm"
                      aria-label={t.chapterForm.methods[option]}
                      checked={method === option}
                      onChange={() => upload.setMethod(option)}
                    />
                  ))}
                </div>
                <p id={`${ids}-method-hint`} className="text-sm text-base-content/70">
                  {t.chapterForm.methodHint}
                </p>
              </fieldset>
              <div className="flex flex-col gap-1">
                <label htmlFor={`${ids}-pages`} className="font-semibold">
                  {f.pageCount}
                </label>
                <input
                  id={`${ids}-pages`}
                  className="input input-sm w-24 font-semibold"
                  readOnly
                  value={formatNumber(upload.pageCount)}
                  aria-describedby={`${ids}-pages-hint`}
                />
                <p id={`${ids}-pages-hint`} className="text-sm text-base-content/70">
                  {pageCountHint}
                </p>
              </div>
            </div>

            <FileDropZone
              method={method}
              disabled={!hydrated || !editable}
              error={upload.filesError}
              onFiles={upload.addFiles}
            />

            {files.length > 0 && (
              <div className="flex min-w-0 flex-col gap-2">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {fmt(t.chapterForm.files.heading, { count: formatNumber(files.length) })}
                  </h3>
                  {editable && (
                    <button type="button" className="btn btn-ghost btn-xs" onClick={upload.clearFiles}>
                      {t.chapterForm.files.clear}
                    </button>
                  )}
                </div>
                <UploadFileList
                  files={files}
                  canRemove={editable || upload.declared}
                  canRetry={phase.kind === 'uploading' && !inFlight}
                  onRemove={upload.removeFile}
                  onRetry={(key) => void upload.retryFile(key)}
                />
              </div>
            )}

            {method === 'images' && <PagePreviewGrid files={files} />}
          </section>

          {phase.kind !== 'editing' && phase.kind !== 'declaring' && (
            <UploadProgressPanel
              phase={phase}
              files={files}
              onRetryFiles={() => void upload.retryFailedFiles()}
              onRetryCommit={() => void upload.retryCommit()}
              onRetryProcessing={() => void upload.retryProcessing()}
              onStartOver={upload.startOver}
            />
          )}

          {editable && hasErrors && (
            <p role="alert" className="text-sm text-error">
              {INGEST_MESSAGES.incomplete} — {t.chapterForm.incompleteBody}
            </p>
          )}
        </>
      )}

      {isNovel ? (
        <button type="submit" className="btn btn-primary" disabled={!hydrated || sendingText || textSent}>
          {sendingText && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {sendingText
            ? t.chapterForm.novel.submitting
            : textSent
              ? t.chapterForm.added
              : t.chapterForm.submit}
        </button>
      ) : (
        <button type="submit" className="btn btn-primary" disabled={submitDisabled}>
          {working && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitLabel}
        </button>
      )}
    </form>
  );
}
