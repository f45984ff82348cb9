import { useId, useState, type KeyboardEvent } from 'react';
import { t } from '@/i18n';
import { ClientErrorsSection } from './ClientErrorsSection';
import { ModerationLogSection } from './ModerationLogSection';

export const LOG_TABS = ['moderation', 'errors'] as const;
export type LogTab = (typeof LOG_TABS)[number];

interface AdminLogsProps {
  /** From `?tab=`, so a link can open the client errors directly. */
  initialTab: LogTab;
}

/**
 * The admin Logs page: the moderation log and the browser error reports, as tabs. Only the open
 * tab's list is fetched and polled; the tab is kept in the address.
 */
export default function AdminLogs({ initialTab }: AdminLogsProps) {
  const [tab, setTab] = useState<LogTab>(initialTab);
  const baseId = useId();

  function select(next: LogTab) {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === 'moderation') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }

  // The tablist pattern: arrow keys move between tabs (mirrored in RTL), Home and End jump.
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = LOG_TABS.indexOf(tab);
    const step = { ArrowLeft: 1, ArrowRight: -1 }[event.key];
    let next: LogTab | undefined;
    if (step !== undefined) next = LOG_TABS[(index + step + LOG_TABS.length) % LOG_TABS.length];
    if (event.key === 'Home') next = LOG_TABS[0];
    if (event.key === 'End') next = LOG_TABS[LOG_TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  const labels: Record<LogTab, string> = { moderation: t.logs.moderation.tab, errors: t.logs.errors.tab };
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t.logs.tabsLabel}
        className="tabs tabs-border"
        onKeyDown={handleKeyDown}
      >
        {LOG_TABS.map((id) => (
          <button
            key={id}
            id={`${baseId}-tab-${id}`}
            type="button"
            role="tab"
            className={`tab ${tab === id ? 'tab-active' : ''}`}
            aria-selected={tab === id}
            aria-controls={`${baseId}-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
          >
            {labels[id]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'moderation' ? <ModerationLogSection /> : <ClientErrorsSection />}
      </div>
    </div>
  );
}
