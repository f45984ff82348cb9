import { useState, type ChangeEvent } from 'react';
import { CONTENT_LIMITS } from '@warraq/contracts/browser';
import { failureMessage } from '@/lib/api/api-error';
import { flipped, runOptimisticToggle } from '@/lib/content/optimistic-toggle';
import { showToast } from '@/stores/toasts';
import { fmt, fmtCount, t } from '@/i18n';
import { formatDecimal, formatNumber } from '@/lib/format/format';
import { useHydrated } from '@/ui/use-hydrated';

// Fetched when used: the API client and its answer schemas are not part of a guest's first load.
const contentApi = () => import('@/lib/api/content');

export interface SeriesActionsProps {
  contentId: number;
  signedIn: boolean;
  /** The first chapter's link, or null when the series has none. */
  startHref: string | null;
  /** Where the reader stopped (from user-status progress), with its chapter number. */
  resume: { href: string; chapterNumber: string } | null;
  favorites: number;
  isFavorite: boolean;
  rating: { average: number; count: number };
  userRating: number | null;
}

const SCORES = Array.from(
  { length: CONTENT_LIMITS.ratingMax - CONTENT_LIMITS.ratingMin + 1 },
  (_, i) => CONTENT_LIMITS.ratingMin + i,
);

/** The series page's favourite (optimistic, rolled back on failure), start-reading and rating controls. */
export default function SeriesActions(props: SeriesActionsProps) {
  const hydrated = useHydrated();
  const [favorite, setFavorite] = useState({ on: props.isFavorite, count: props.favorites });
  const [favoriteBusy, setFavoriteBusy] = useState(false);
  const [rating, setRating] = useState(props.rating);
  const [userRating, setUserRating] = useState(props.userRating);
  const [ratingBusy, setRatingBusy] = useState(false);

  function handleFavorite() {
    return runOptimisticToggle({
      signedIn: props.signedIn,
      loginMessage: t.series.loginToFavorite,
      current: favorite,
      optimistic: flipped(favorite),
      set: setFavorite,
      setBusy: setFavoriteBusy,
      request: async () => (await contentApi()).favoriteSeries(props.contentId, !favorite.on),
      settle: (answer) => ({ on: answer.isFavorite, count: answer.favorites }),
      onSuccess: (answer) =>
        showToast({ title: answer.isFavorite ? t.series.favoriteAdded : t.series.favoriteRemoved }),
    });
  }

  async function handleRate(event: ChangeEvent<HTMLSelectElement>) {
    const score = Number(event.target.value);
    if (!score) return;
    if (!props.signedIn) {
      showToast({ title: t.series.loginToRate, variant: 'destructive' });
      return;
    }
    const before = userRating;
    setUserRating(score);
    setRatingBusy(true);
    try {
      const answer = await (await contentApi()).rateSeries(props.contentId, score);
      setRating(answer.rating);
      setUserRating(answer.userRating);
      showToast({ title: t.series.rated });
    } catch (error) {
      setUserRating(before);
      showToast({ title: failureMessage(error), variant: 'destructive' });
    } finally {
      setRatingBusy(false);
    }
  }

  const read = props.resume
    ? { href: props.resume.href, label: fmt(t.series.continueReading, { n: props.resume.chapterNumber }) }
    : props.startHref
      ? { href: props.startHref, label: t.series.startReading }
      : null;

  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="font-semibold">{t.series.rating}:</dt>
          <dd data-testid="series-rating">
            {rating.count > 0
              ? fmt(t.series.ratingValue, {
                  average: formatDecimal(rating.average),
                  max: formatNumber(CONTENT_LIMITS.ratingMax),
                  count: fmtCount(t.series.ratingCount, rating.count),
                })
              : t.series.noRatings}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-semibold">{t.series.favorites}:</dt>
          <dd>{formatNumber(favorite.count)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {read && (
          <a href={read.href} className="btn btn-primary">
            {read.label}
          </a>
        )}
        <button
          type="button"
          className={`btn ${favorite.on ? 'btn-secondary' : 'btn-outline btn-secondary'}`}
          aria-pressed={favorite.on}
          disabled={!hydrated || favoriteBusy}
          onClick={handleFavorite}
        >
          <span aria-hidden="true">{favorite.on ? '♥' : '♡'}</span>
          {favorite.on ? t.series.favoriteRemove : t.series.favoriteAdd}
        </button>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-semibold">{t.series.yourRating}</span>
          <select
            className="select select-sm w-auto"
            aria-label={fmt(t.series.rateLabel)}
            value={userRating ?? ''}
            disabled={!hydrated || ratingBusy}
            onChange={handleRate}
          >
            <option value="">{t.series.rateNone}</option>
            {SCORES.map((score) => (
              <option key={score} value={score}>
                {formatNumber(score)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
