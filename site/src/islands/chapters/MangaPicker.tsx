import { useEffect, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INGEST_MESSAGES, SERIES_TYPES, type SeriesType } from '@warraq/contracts';
import { fetchMangaList } from '@/lib/api/manga-list';
import { ApiError } from '@/lib/api/api-error';
import { formatChapterNumber } from '@/lib/format/format';
import { toMangaOption, type MangaOption } from '@/lib/chapters/manga-option';
import { href, type HrefContext } from '@/lib/site/href';
import { seriesPath } from '@/lib/site/manga-links';
import { showToast } from '@/stores/toasts';
import { fmt, formatNumber, t } from '@/i18n';

export interface MangaPickerProps {
  /** The series named by `?manga=` (it may be the uploader's own pending work, absent from the list). */
  initial: MangaOption | null;
  /** The selected id, as the form holds it. */
  value: string;
  selectProps: UseFormRegisterReturn<'mangaId'>;
  error: string | undefined;
  disabled: boolean;
  /** For the link to the chosen series' page. */
  site: HrefContext;
  /** The chosen series once known (its type decides between pages and text). */
  onSelected?: (option: MangaOption | null) => void;
}

const SEARCH_DELAY_MS = 300;

type ListState =
  | { kind: 'loading' }
  | { kind: 'ready'; ids: number[]; page: number; pages: number; total: number }
  | { kind: 'failed' };

/**
 * Spec §2 add-chapter manga select, filled from GET /api/manga: a search box narrows the list and
 * "more" loads the next page, so every series is reachable however long the catalogue grows.
 */
export function MangaPicker({
  initial,
  value,
  selectProps,
  error,
  disabled,
  site,
  onSelected,
}: MangaPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [search, setSearch] = useState('');
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [known, setKnown] = useState<Map<number, MangaOption>>(
    () => new Map(initial ? [[initial.id, initial]] : []),
  );
  const request = useRef(0);
  // Each reading site lists its own type's series (the novel site's form lists novels).
  const listedType = (SERIES_TYPES as readonly string[]).includes(site.siteType)
    ? (site.siteType as SeriesType)
    : undefined;
  // The spec's manga wording on the manga site (and elsewhere); each other site names its own type.
  const words = t.chapterForm.pickerByType[listedType ?? 'manga'];

  async function load(text: string, page: number) {
    const ticket = ++request.current;
    if (page === 1) setList({ kind: 'loading' });
    try {
      const answer = await fetchMangaList({ search: text, page, type: listedType });
      if (ticket !== request.current) return;
      const options = answer.data.map(toMangaOption);
      setKnown((current) => {
        const next = new Map(current);
        for (const option of options) next.set(option.id, option);
        return next;
      });
      setList((current) => ({
        kind: 'ready',
        ids: [...(page > 1 && current.kind === 'ready' ? current.ids : []), ...options.map((o) => o.id)],
        page,
        pages: answer.meta.pages,
        total: answer.meta.total,
      }));
    } catch (failure) {
      if (ticket !== request.current) return;
      setList({ kind: 'failed' });
      const invalid = failure instanceof ApiError && failure.message === t.errors.invalidAnswer;
      showToast({
        title: invalid ? INGEST_MESSAGES.mangaDataInvalid : INGEST_MESSAGES.mangaListFailed,
        description: failure instanceof ApiError ? failure.message : t.errors.generic,
        variant: 'destructive',
      });
    }
  }

  useEffect(() => {
    const timer = setTimeout(() => void load(search, 1), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);

  const selectedId = /^\d+$/.test(value) ? Number(value) : null;
  const selected = selectedId === null ? null : (known.get(selectedId) ?? null);
  useEffect(() => onSelected?.(selected), [selected?.id]);
  const listed = list.kind === 'ready' ? list.ids : [];
  // The chosen series stays in the select while a search shows others, so the choice never jumps.
  const ids = selected && !listed.includes(selected.id) ? [selected.id, ...listed] : listed;
  const options = ids.map((optionId) => known.get(optionId)).filter((o): o is MangaOption => Boolean(o));
  const describedBy = [error ? errorId : null, selected ? `${id}-selected` : null].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {words.label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          dir="auto"
          className="input w-full sm:w-60"
          aria-label={words.search}
          aria-controls={id}
          placeholder={t.chapterForm.fields.mangaSearchPlaceholder}
          value={search}
          maxLength={100}
          disabled={disabled}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          id={id}
          className={`select w-full min-w-0 sm:flex-1 ${error ? 'select-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          disabled={disabled}
          {...selectProps}
        >
          <option value="">{words.placeholder}</option>
          {options.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.pending ? `${option.title} (${t.chapterForm.mangaPending})` : option.title}
            </option>
          ))}
        </select>
      </div>
      <div
        className="flex min-h-8 flex-wrap items-center gap-2 text-sm text-base-content/70"
        aria-live="polite"
      >
        {list.kind === 'loading' && (
          <span className="flex items-center gap-2">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            {words.loading}
          </span>
        )}
        {list.kind === 'failed' && (
          <span role="alert" className="flex items-center gap-2 text-error">
            {t.chapterForm.mangaListError}
            <button type="button" className="btn btn-xs" onClick={() => void load(search, 1)}>
              {t.chapterForm.retry}
            </button>
          </span>
        )}
        {list.kind === 'ready' && list.total === 0 && <span>{t.chapterForm.mangaNoResults}</span>}
        {list.kind === 'ready' && list.total > 0 && (
          <span>
            {fmt(t.chapterForm.mangaShown, {
              shown: formatNumber(list.ids.length),
              total: formatNumber(list.total),
            })}
          </span>
        )}
        {list.kind === 'ready' && list.page < list.pages && (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={disabled}
            onClick={() => void load(search, list.page + 1)}
          >
            {t.chapterForm.mangaLoadMore}
          </button>
        )}
      </div>
      {selected && (
        <p id={`${id}-selected`} className="flex flex-wrap gap-x-2 text-sm text-base-content/70">
          <a
            href={href(seriesPath(selected.type, selected.slug), site)}
            target="_blank"
            rel="noopener"
            className="link"
          >
            {t.chapterForm.mangaPage}
          </a>
          {selected.latestChapterNumber !== null && (
            <span>
              {fmt(t.chapterForm.latestChapter, { n: formatChapterNumber(selected.latestChapterNumber) })}
            </span>
          )}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
