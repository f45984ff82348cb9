import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultOrigin,
  MangaFormSchema,
  ORIGIN_LABELS,
  SERIES_STATUSES,
  SERIES_STATUS_LABELS,
  SERIES_TYPES,
  TYPE_ORIGINS,
  mangaFormToBody,
  type MangaForm as MangaFormValues,
  type SeriesType,
} from '@warraq/contracts';
import { createContent } from '@/lib/api/content';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { dismissToast, showToast } from '@/stores/toasts';
import { fmt, t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { formatChapterNumber, formatDecimal } from '@/lib/format/format';
import { useHydrated } from '@/ui/use-hydrated';
import { submitForm } from '@/ui/form-submit';
import { CoverUploadField } from './CoverUploadField';

export interface MangaFormProps {
  site: HrefContext;
  /** The type the form opens on: the site's (or `?type=`). */
  initialType: SeriesType;
}

const CREATING_TOAST_MS = 60_000;
const SUCCESS_REDIRECT_DELAY_MS = 1000;
const FAILED_TOAST_MS = 8000;
const FIELDS = [
  'title',
  'description',
  'coverKey',
  'author',
  'artist',
  'status',
  'year',
  'originalTitle',
  'altTitles',
  'tags',
  'origin',
  'type',
] as const satisfies readonly (keyof MangaFormValues)[];
/** Server field names (CreateContentBody) → the form's inputs. */
const SERVER_FIELDS: Readonly<Record<string, keyof MangaFormValues>> = {
  title: 'title',
  description: 'description',
  thumbnail: 'coverKey',
  coverKey: 'coverKey',
  status: 'status',
  'metadata.author': 'author',
  'metadata.artist': 'artist',
  'metadata.year': 'year',
  'metadata.originalTitle': 'originalTitle',
  'metadata.altTitles': 'altTitles',
  'metadata.tags': 'tags',
  'metadata.origin': 'origin',
  type: 'type',
};

interface AreaProps {
  label: string;
  error: string | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

function Field({ label, error, children }: AreaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children(id, error ? errorId : undefined)}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Spec §2 Add-manga form: MangaFormSchema, creating toast, success with elapsed seconds, 15 s timeout. */
export default function MangaForm({ site, initialType }: MangaFormProps) {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<MangaFormValues>({
    resolver: zodResolver(MangaFormSchema),
    defaultValues: {
      title: '',
      description: '',
      coverKey: '',
      author: '',
      artist: '',
      status: 'ongoing',
      // In the page's digits like every other number (issue 15); the schema reads either system.
      year: formatChapterNumber(new Date().getFullYear()),
      originalTitle: '',
      altTitles: '',
      tags: '',
      type: initialType,
      origin: defaultOrigin(initialType),
    },
  });
  const type = watch('type');
  // Only the origins the type allows are offered (a manhwa is Korean, a manhua Chinese).
  const typeField = register('type', {
    onChange: () => {
      const next = getValues('type');
      if (!TYPE_ORIGINS[next].includes(getValues('origin'))) setValue('origin', defaultOrigin(next));
    },
  });

  async function handleCreate(values: MangaFormValues) {
    const started = performance.now();
    const creating = showToast({
      title: t.mangaForm.creating,
      description: t.mangaForm.creatingBody,
      durationMs: CREATING_TOAST_MS,
    });
    const outcome = await submitForm(
      async () => {
        try {
          return await createContent(mangaFormToBody(values));
        } finally {
          dismissToast(creating);
        }
      },
      { setError, fields: FIELDS, serverFields: SERVER_FIELDS },
      { title: t.mangaForm.failed, fallback: t.mangaForm.failedGeneric, durationMs: FAILED_TOAST_MS },
    );
    if (!outcome.ok) return;
    const seconds = formatDecimal((performance.now() - started) / 1000);
    showToast({ title: t.mangaForm.created, description: fmt(t.mangaForm.createdBody, { seconds }) });
    setDone(true);
    // Let the success toast be read before the new series page replaces this one.
    setTimeout(
      () => window.location.assign(href(seriesPath(values.type, outcome.value.slug), site)),
      SUCCESS_REDIRECT_DELAY_MS,
    );
  }

  const f = t.mangaForm.fields;
  const areaClass = (error: unknown) => `textarea w-full ${error ? 'textarea-error' : ''}`;
  const selectClass = (error: unknown) => `select w-full ${error ? 'select-error' : ''}`;
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(handleCreate)}>
      <Field label={f.type} error={errors.type?.message}>
        {(id) => (
          <select id={id} className={selectClass(errors.type)} {...typeField}>
            {SERIES_TYPES.map((option) => (
              <option key={option} value={option}>
                {t.mangaForm.types[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label={f.title} error={errors.title?.message} {...register('title')} />
      <Field label={f.description} error={errors.description?.message}>
        {(id, describedBy) => (
          <textarea
            id={id}
            rows={5}
            dir="auto"
            className={areaClass(errors.description)}
            aria-invalid={describedBy ? true : undefined}
            aria-describedby={describedBy}
            {...register('description')}
          />
        )}
      </Field>
      <input type="hidden" {...register('coverKey')} />
      <CoverUploadField
        error={errors.coverKey?.message}
        disabled={isSubmitting}
        onChange={(key) => setValue('coverKey', key, { shouldDirty: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={f.author} error={errors.author?.message} {...register('author')} />
        <TextField label={f.artist} error={errors.artist?.message} {...register('artist')} />
        <Field label={f.status} error={errors.status?.message}>
          {(id) => (
            <select id={id} className={selectClass(errors.status)} {...register('status')}>
              {SERIES_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {SERIES_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={f.year}
          inputMode="numeric"
          maxLength={4}
          error={errors.year?.message}
          {...register('year')}
        />
        <TextField
          label={f.originalTitle}
          error={errors.originalTitle?.message}
          {...register('originalTitle')}
        />
        <Field label={f.origin} error={errors.origin?.message}>
          {(id) => (
            <select id={id} className={selectClass(errors.origin)} {...register('origin')}>
              {TYPE_ORIGINS[type].map((origin) => (
                <option key={origin} value={origin}>
                  {ORIGIN_LABELS[origin]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={f.altTitles} error={errors.altTitles?.message}>
        {(id, describedBy) => (
          <textarea
            id={id}
            rows={3}
            dir="auto"
            className={areaClass(errors.altTitles)}
            aria-invalid={describedBy ? true : undefined}
            aria-describedby={describedBy}
            {...register('altTitles')}
          />
        )}
      </Field>
      <TextField label={f.tags} error={errors.tags?.message} {...register('tags')} />
      <button type="submit" className="btn btn-primary" disabled={!hydrated || isSubmitting || done}>
        {isSubmitting || done ? t.mangaForm.submitting : t.mangaForm.byType[type].submit}
      </button>
    </form>
  );
}
