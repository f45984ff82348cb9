import { useState } from 'react';
import { fmt, t } from '@/i18n';
import { failureMessage } from '@/lib/api/api-error';
import { clearHistory } from '@/lib/api/library';
import { savePreferences } from '@/lib/api/users';
import { showToast } from '@/stores/toasts';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { HistoryEntries, useHistoryList, type ReaderListsProps } from './ReadingList';

const text = t.readerLists.recent;

export interface RecentPageProps extends ReaderListsProps {
  userId: number;
  /** The reader's stored "pause history" preference when the page was rendered. */
  historyPaused: boolean;
}

/** "Pause history": kept in the reader's preferences; the server records nothing while it is on. */
function PauseHistory({ userId, initial }: { userId: number; initial: boolean }) {
  const [paused, setPaused] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle(next: boolean) {
    setBusy(true);
    setPaused(next);
    try {
      const answer = await savePreferences(userId, { historyPaused: next });
      setPaused(answer.preferences.historyPaused);
      showToast({ title: answer.preferences.historyPaused ? text.paused : text.resumed });
    } catch (error) {
      setPaused(!next);
      showToast({ title: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="toggle toggle-primary toggle-sm"
          checked={paused}
          disabled={busy}
          onChange={(event) => void toggle(event.target.checked)}
        />
        {text.pause}
      </label>
      <p className="text-sm opacity-70">{paused ? text.pausedNote : text.pauseHint}</p>
    </div>
  );
}

/**
 * `/recent` of one reading site: the reader's history with the share read per series, removing one,
 * clearing all (asked in the site's dialog) and pausing the history.
 */
export default function RecentPage({ userId, historyPaused, ...lists }: RecentPageProps) {
  const history = useHistoryList(lists.type);
  const { list } = history;
  const [confirming, setConfirming] = useState(false);
  const name = t.typeSites[lists.type].name;

  async function clearAll() {
    try {
      await clearHistory(lists.type);
      list.drop(() => false);
      setConfirming(false);
      showToast({ title: text.cleared });
    } catch (error) {
      showToast({ title: failureMessage(error), variant: 'destructive' });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="opacity-80">{fmt(text.intro, { name })}</p>
      <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-start sm:justify-between">
        <PauseHistory userId={userId} initial={historyPaused} />
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm self-start"
          disabled={list.items.length === 0}
          onClick={() => setConfirming(true)}
        >
          {text.clear}
        </button>
      </div>
      <HistoryEntries history={history} site={lists.site} browseHref={lists.browseHref} />
      <ConfirmDialog
        open={confirming}
        title={text.clearTitle}
        labels={{ cancel: text.cancel, confirm: text.clear, busy: text.clearing }}
        onClose={() => setConfirming(false)}
        onConfirm={clearAll}
      >
        <p>{fmt(text.clearBody, { name })}</p>
      </ConfirmDialog>
    </div>
  );
}
