import { useEffect, useState } from 'react';
import type { UserFollowState } from '@warraq/contracts';
import { fmtCount, t } from '@/i18n';
import { fetchUserFollow, setUserFollow } from '@/lib/api/follows';
import { runOptimisticToggle } from '@/lib/content/optimistic-toggle';
import { showToast } from '@/stores/toasts';
import { useHydrated } from '@/ui/use-hydrated';

const text = t.follows;

export interface FollowUserButtonProps {
  userId: number;
  username: string;
  signedIn: boolean;
  /** Name the user and count their followers beside the button (the series page); a profile page already does. */
  showName?: boolean;
  /** Their public profile page, which the name links to. */
  profileHref?: string | undefined;
  /** The reader's follow as the page state brought it: the island then asks nothing itself. */
  initialState?: UserFollowState | undefined;
}

/** Follow an uploader or translator: their newly approved chapters reach /updates and the bell. */
export default function FollowUserButton({
  userId,
  username,
  signedIn,
  showName = true,
  profileHref,
  initialState,
}: FollowUserButtonProps) {
  const hydrated = useHydrated();
  const [state, setState] = useState<UserFollowState>(initialState ?? { following: false, followers: 0 });
  const [loaded, setLoaded] = useState(!signedIn || initialState !== undefined);
  const known = initialState !== undefined;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!signedIn || known) return;
    let live = true;
    fetchUserFollow(userId)
      .then((answer) => live && setState(answer))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [userId, signedIn, known]);

  function handleToggle() {
    const following = state.following;
    return runOptimisticToggle({
      signedIn,
      loginMessage: text.loginToFollowUser,
      current: state,
      optimistic: { following: !following, followers: state.followers + (following ? -1 : 1) },
      set: setState,
      setBusy,
      request: () => setUserFollow(userId, !following),
      settle: (answer) => answer,
      onSuccess: (answer) => showToast({ title: answer.following ? text.userFollowed : text.userUnfollowed }),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {showName &&
        (profileHref ? (
          <a href={profileHref} className="link font-semibold" dir="auto">
            {username}
          </a>
        ) : (
          <span dir="auto">{username}</span>
        ))}
      <button
        type="button"
        className={`btn ${showName ? 'btn-xs' : 'btn-sm'} ${state.following ? 'btn-accent' : 'btn-outline btn-accent'}`}
        aria-pressed={state.following}
        disabled={!hydrated || !loaded || busy}
        onClick={handleToggle}
      >
        {state.following ? text.unfollowUser : text.followUser}
      </button>
      {showName && loaded && signedIn && (
        <span className="text-base-content/70">{fmtCount(text.followers, state.followers)}</span>
      )}
    </div>
  );
}
