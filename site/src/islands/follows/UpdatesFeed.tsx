import { useCallback, useEffect, useRef, useState } from 'react';
import type { SeriesType, UpdateGroup } from '@warraq/contracts';
import { fmt, t } from '@/i18n';
import { formatChapterNumber, formatShortDateTime } from '@/lib/format/format';
import { fetchUpdates } from '@/lib/api/follows';
import { failureMessage } from '@/lib/api/api-error';
import { sharedRealtime } from '@/lib/realtime/realtime';
import { href, type HrefContext } from '@/lib/site/href';
import { EmptyState, LoadError, LoadingBlock } from '@/ui/LoadState';
import { appendGroups, ownTitle } from './updates-groups';
import { coverSrcset } from '@/lib/content/cover-fallback';

const text = t.updates;

export interface UpdatesFeedProps {
  /** The site's series type: each reading site shows its own type's chapters. */
  type: SeriesType;
  site: HrefContext;
  languagesHref: string;
}

/**
 * `/updates`: new approved chapters of what the reader follows, newest first, by series, unread
 * first in each; "load more" follows the keyset cursor. A new-chapter notification reloads it.
 */
export default function UpdatesFeed({ type, site, languagesHref }: UpdatesFeedProps) {
  const [groups, setGroups] = useState<UpdateGroup[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string>('');
  const request = useRef(0);

  const load = useCallback(
    async (after: string | null) => {
      const id = ++request.current;
      setStatus('loading');
      try {
        const answer = await fetchUpdates(type, after);
        if (id !== request.current) return;
        setGroups((shown) => (after ? appendGroups(shown, answer.data) : answer.data));
        setCursor(answer.nextCursor);
        setStatus('ready');
      } catch (failure) {
        if (id !== request.current) return;
        setError(failureMessage(failure));
        setStatus('error');
      }
    },
    [type],
  );

  useEffect(() => {
    void load(null);
    const realtime = sharedRealtime();
    realtime.start();
    return realtime.on('notification', (data) => {
      if (data.notification.type === 'chapter') void load(null);
    });
  }, [load]);

  const empty = status === 'ready' && groups.length === 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/70">
        {text.intro}{' '}
        <a className="link" href={languagesHref}>
          {text.languagesLink}
        </a>
      </p>
      {empty && <EmptyState>{text.empty}</EmptyState>}
      <ol className="flex flex-col gap-4" data-testid="updates-list">
        {groups.map((group, index) => (
          <li
            key={`${group.series.id}-${index}`}
            className="card card-side border border-base-300 bg-base-100"
            data-testid="updates-series"
          >
            {group.series.coverUrl && (
              <a href={href(group.series.path, site)} className="hidden shrink-0 sm:block" tabIndex={-1}>
                <img
                  src={group.series.coverUrl}
                  srcSet={coverSrcset(group.series.coverRenditions)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={112}
                  loading="lazy"
                  className="h-28 w-20 rounded-s-box object-cover"
                />
              </a>
            )}
            <div className="card-body min-w-0 gap-2 p-3">
              <h2 className="card-title text-base">
                <a href={href(group.series.path, site)} className="link-hover" dir="auto">
                  {group.series.title}
                </a>
              </h2>
              <ul className="flex flex-col divide-y divide-base-200">
                {group.chapters.map((chapter) => (
                  <li key={chapter.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
                    <span
                      className={`badge badge-sm ${chapter.read ? 'badge-ghost' : 'badge-primary'}`}
                      data-testid="updates-read-state"
                    >
                      {chapter.read ? text.read : text.unread}
                    </span>
                    <a
                      href={href(chapter.path, site)}
                      className={`link-hover ${chapter.read ? 'text-base-content/60' : 'font-semibold'}`}
                    >
                      {fmt(text.chapter, { n: formatChapterNumber(chapter.number) })}
                      {ownTitle(chapter.title, chapter.number) && (
                        <span dir="auto"> — {ownTitle(chapter.title, chapter.number)}</span>
                      )}
                    </a>
                    <span className="badge badge-outline badge-sm">{chapter.language}</span>
                    {chapter.group && (
                      <span className="text-xs text-base-content/70" dir="auto">
                        {fmt(text.group, { group: chapter.group })}
                      </span>
                    )}
                    <time className="ms-auto text-xs text-base-content/60" dateTime={chapter.publishedAt}>
                      {formatShortDateTime(chapter.publishedAt)}
                    </time>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ol>
      {status === 'loading' && <LoadingBlock />}
      {status === 'error' && <LoadError message={error || text.failed} onRetry={() => void load(cursor)} />}
      {status === 'ready' && cursor && (
        <button type="button" className="btn btn-outline self-center" onClick={() => void load(cursor)}>
          {text.loadMore}
        </button>
      )}
    </div>
  );
}
