import { useState, type ReactNode } from 'react';
import { showToast } from '@/stores/toasts';
import { fmtCount, t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';

export interface ChapterReactionsProps {
  contentId: number;
  chapterId: number;
  likes: number;
  signedIn: boolean;
  isLiked: boolean;
  isFavorite: boolean;
  /** Controls that sit at the end of the row (the image reader's mode). */
  children?: ReactNode;
}

// Fetched when used: the API client and its answer schemas are not part of the page's first load
// (a guest reads without them).
const contentApi = () => import('@/lib/api/content');
// So is the toggle's logic (and the API's error messages it reads): a guest's page loads neither.
const optimisticToggle = () => import('@/lib/content/optimistic-toggle');

/**
 * Spec §2 reader like, favourite and share, shared by the image and the text reader: like and
 * favourite flip at once and the server's answer settles them (rolled back with a toast on failure).
 * The buttons come disabled in the page's HTML and work once the island runs: a tap before that
 * would otherwise do nothing.
 */
export function ChapterReactions(props: ChapterReactionsProps) {
  const { contentId, chapterId, signedIn } = props;
  const [like, setLike] = useState({ on: props.isLiked, count: props.likes });
  const [favorite, setFavorite] = useState(props.isFavorite);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function handleLike() {
    const { flipped, runOptimisticToggle } = await optimisticToggle();
    return runOptimisticToggle({
      signedIn,
      loginMessage: t.reader.loginToLike,
      current: like,
      optimistic: flipped(like),
      set: setLike,
      setBusy,
      request: async () => (await contentApi()).likeChapter(contentId, chapterId, !like.on),
      settle: (answer) => ({ on: answer.isLiked, count: answer.likes }),
    });
  }

  async function handleFavorite() {
    const { runOptimisticToggle } = await optimisticToggle();
    return runOptimisticToggle({
      signedIn,
      loginMessage: t.reader.loginToFavorite,
      current: favorite,
      optimistic: !favorite,
      set: setFavorite,
      setBusy,
      request: async () => (await contentApi()).favoriteSeries(contentId, !favorite),
      settle: (answer) => answer.isFavorite,
    });
  }

  async function handleShare() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      showToast({ title: t.reader.shared });
    } catch {
      showToast({ title: t.reader.shareFailed, description: window.location.href, variant: 'destructive' });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`btn btn-sm ${like.on ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={like.on}
        disabled={!hydrated || busy}
        onClick={handleLike}
      >
        <span aria-hidden="true">{like.on ? '♥' : '♡'}</span>
        {like.on ? t.reader.liked : t.reader.like}
      </button>
      <span data-testid="chapter-likes" className="text-sm text-base-content/70">
        {fmtCount(t.reader.likes, like.count)}
      </span>
      <button
        type="button"
        className={`btn btn-sm ${favorite ? 'btn-secondary' : 'btn-outline'}`}
        aria-pressed={favorite}
        disabled={!hydrated || busy}
        onClick={handleFavorite}
      >
        {favorite ? t.reader.favorited : t.reader.favorite}
      </button>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hydrated} onClick={handleShare}>
        {t.reader.share}
      </button>
      {props.children}
    </div>
  );
}
