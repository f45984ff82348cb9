import { useState } from 'react';
import { t } from '@/i18n';
import { showToast } from '@/stores/toasts';

interface ListToolbarProps {
  /** Refetches the list; resolves to whether it succeeded (a failure shows on the list itself). */
  onRefresh: () => Promise<boolean>;
  addLabel: string;
  onAdd: () => void;
  /** The Add button waits for the island to run (before that it would do nothing). */
  ready: boolean;
}

/** Spec §2: the admin lists' Refresh and Add buttons. */
export function ListToolbar({ onRefresh, addLabel, onAdd, ready }: ListToolbarProps) {
  const [refreshing, setRefreshing] = useState(false);

  async function handleRefresh() {
    setRefreshing(true);
    try {
      if (await onRefresh()) showToast({ title: t.systemAdmin.refreshed, durationMs: 2000 });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => void handleRefresh()}
        disabled={!ready || refreshing}
        aria-busy={refreshing}
      >
        {refreshing && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t.systemAdmin.refresh}
      </button>
      <button type="button" className="btn btn-sm btn-primary" onClick={onAdd} disabled={!ready}>
        {addLabel}
      </button>
    </div>
  );
}
