import { useState } from 'react';
import { t } from '@/i18n';
import { useParamsInAddress } from '@/ui/use-params-in-address';
import { HistoryTab, ListsTabs, ShelfTab, type ReaderListsProps } from './ReadingList';
import UpdatesFeed from './UpdatesFeed';

const text = t.readerLists;

export const FOLLOWS_TABS = ['reading', 'interested', 'updates', 'history'] as const;
export type FollowsTab = (typeof FOLLOWS_TABS)[number];

export interface FollowsPageProps extends ReaderListsProps {
  initialTab: FollowsTab;
  languagesHref: string;
}

/**
 * Spec §2 `/follows` of one reading site: what the reader is reading, what they plan to read (their
 * shelves), the updates of what they follow, and their history.
 */
export default function FollowsPage({ initialTab, languagesHref, ...lists }: FollowsPageProps) {
  const [tab, setTab] = useState<FollowsTab>(initialTab);
  useParamsInAddress({ tab: tab === 'reading' ? null : tab });
  return (
    <ListsTabs section="follows" type={lists.type} tabs={FOLLOWS_TABS} current={tab} onSelect={setTab}>
      {tab === 'reading' && <ShelfTab {...lists} shelf="reading" empty={text.empty.reading} />}
      {tab === 'interested' && <ShelfTab {...lists} shelf="plan" empty={text.empty.interested} />}
      {tab === 'updates' && <UpdatesFeed type={lists.type} site={lists.site} languagesHref={languagesHref} />}
      {tab === 'history' && <HistoryTab {...lists} />}
    </ListsTabs>
  );
}
