import { useEffect, useState } from 'react';
import type { SeriesFollowState } from '@warraq/contracts';
import { fmtCount, t } from '@/i18n';
import { failureMessage } from '@/lib/api/api-error';
import { runOptimisticToggle } from '@/lib/content/optimistic-toggle';
import { showToast } from '@/stores/toasts';
import { Modal } from '@/ui/Modal';
import { useHydrated } from '@/ui/use-hydrated';

const text = t.follows;

// Fetched when used: the API client and its answer schemas are not part of a guest's first load
// (the button sits on every series and chapter page).
const followsApi = () => import('@/lib/api/follows');

export interface FollowSeriesButtonProps {
  contentId: number;
  signedIn: boolean;
  /** The translation groups credited in the series' approved chapters (the preferences offer these). */
  groups: string[];
  /** The reader's toolbar: a small button, no follower count. */
  compact?: boolean;
  /** The reader's follow as the page state brought it: the island then asks nothing itself. */
  initialState?: SeriesFollowState | undefined;
}

type Choice = 'normal' | 'preferred' | 'hidden';

const NOT_FOLLOWING: SeriesFollowState = {
  following: false,
  followers: 0,
  preferredGroups: [],
  hiddenGroups: [],
};

function choiceOf(state: SeriesFollowState, group: string): Choice {
  if (state.hiddenGroups.includes(group)) return 'hidden';
  if (state.preferredGroups.includes(group)) return 'preferred';
  return 'normal';
}

/**
 * Follow a series (new approved chapters then reach /updates and the bell), and choose per
 * translation group: normal, preferred (only preferred groups' chapters reach you) or hidden.
 */
export default function FollowSeriesButton({
  contentId,
  signedIn,
  groups,
  compact = false,
  initialState,
}: FollowSeriesButtonProps) {
  const hydrated = useHydrated();
  const [state, setState] = useState<SeriesFollowState>(initialState ?? NOT_FOLLOWING);
  const [loaded, setLoaded] = useState(!signedIn || initialState !== undefined);
  const known = initialState !== undefined;
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [choices, setChoices] = useState<Record<string, Choice>>({});

  useEffect(() => {
    if (!signedIn || known) return;
    let live = true;
    followsApi()
      .then(({ fetchSeriesFollow }) => fetchSeriesFollow(contentId))
      .then((answer) => live && setState(answer))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [contentId, signedIn, known]);

  function handleToggle() {
    const following = state.following;
    return runOptimisticToggle({
      signedIn,
      loginMessage: text.loginToFollow,
      current: state,
      optimistic: { ...state, following: !following, followers: state.followers + (following ? -1 : 1) },
      set: setState,
      setBusy,
      request: async () => {
        const calls = await followsApi();
        return following ? calls.unfollowSeries(contentId) : calls.followSeries(contentId);
      },
      settle: (answer) => answer,
      onSuccess: (answer) => showToast({ title: answer.following ? text.followed : text.unfollowed }),
    });
  }

  function openGroups() {
    setChoices(Object.fromEntries(groups.map((group) => [group, choiceOf(state, group)])));
    setEditing(true);
  }

  async function saveGroups() {
    const picked = (choice: Choice) => groups.filter((group) => choices[group] === choice);
    setBusy(true);
    try {
      // Groups no longer credited in the series keep their choice.
      const keep = (list: string[]) => list.filter((group) => !groups.includes(group));
      const answer = await (
        await followsApi()
      ).followSeries(contentId, {
        preferredGroups: [...keep(state.preferredGroups), ...picked('preferred')],
        hiddenGroups: [...keep(state.hiddenGroups), ...picked('hidden')],
      });
      setState(answer);
      setEditing(false);
      showToast({ title: text.groupsSaved });
    } catch (error) {
      showToast({ title: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const size = compact ? 'btn-sm' : '';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`btn ${size} ${state.following ? 'btn-accent' : 'btn-outline btn-accent'}`}
        aria-pressed={state.following}
        disabled={!hydrated || !loaded || busy}
        onClick={handleToggle}
        data-testid="follow-series"
      >
        <span aria-hidden="true">{state.following ? '✓' : '+'}</span>
        {state.following ? text.following : text.follow}
      </button>
      {!compact && loaded && signedIn && (
        <span className="text-sm text-base-content/70">{fmtCount(text.followers, state.followers)}</span>
      )}
      {state.following && (
        <button
          type="button"
          className={`btn btn-ghost ${size || 'btn-sm'}`}
          disabled={busy}
          onClick={openGroups}
        >
          {text.groupsButton}
        </button>
      )}
      <Modal
        open={editing}
        title={text.groupsTitle}
        onClose={() => !busy && setEditing(false)}
        actions={
          <>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setEditing(false)}>
              {text.cancel}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={saveGroups}>
              {text.save}
            </button>
          </>
        }
      >
        <p className="text-sm text-base-content/70">{text.groupsHint}</p>
        {groups.length === 0 ? (
          <p>{text.noGroups}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {groups.map((group) => (
              <li key={group} className="flex flex-wrap items-center justify-between gap-2">
                <span dir="auto" className="font-semibold">
                  {group}
                </span>
                <select
                  className="select select-sm w-auto"
                  aria-label={group}
                  value={choices[group] ?? 'normal'}
                  onChange={(event) => setChoices({ ...choices, [group]: event.target.value as Choice })}
                >
                  <option value="normal">{text.groupNormal}</option>
                  <option value="preferred">{text.groupPreferred}</option>
                  <option value="hidden">{text.groupHidden}</option>
                </select>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </div>
  );
}
