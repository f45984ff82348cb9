import { useId, useState } from 'react';
import { t } from '@/i18n';
import { TabPanel, Tabs } from '@/ui/Tabs';
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

  const labels: Record<LogTab, string> = { moderation: t.logs.moderation.tab, errors: t.logs.errors.tab };
  return (
    <div className="flex flex-col gap-4">
      <Tabs
        tabs={LOG_TABS}
        current={tab}
        onSelect={select}
        label={t.logs.tabsLabel}
        idPrefix={baseId}
        className="tabs tabs-border"
        tabClassName="tab"
      >
        {(id) => labels[id]}
      </Tabs>
      <TabPanel idPrefix={baseId} current={tab}>
        {tab === 'moderation' ? <ModerationLogSection /> : <ClientErrorsSection />}
      </TabPanel>
    </div>
  );
}
