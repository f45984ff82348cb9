import { useState } from 'react';
import { PROFILE_MESSAGES, type Activity, type ProfileStats } from '@warraq/contracts';
import { fmt, fmtCount, formatNumber, t } from '@/i18n';
import { PROFILE_KEYS, fetchBadges, fetchProfileStats, fetchRecentActivity } from '@/lib/api/profile';
import { feedChapterNumber } from '@/lib/content/chapter-groups';
import { usePolledQuery } from '@/lib/query';
import { href, type HrefContext } from '@/lib/site/href';
import { formatExactDateTime, formatLongDate, formatRelative } from '@/lib/format/format';
import { useNow } from '@/ui/use-now';
import { LoadError, LoadingBlock } from '@/ui/LoadState';
import { TabPanel, Tabs } from '@/ui/Tabs';
import { useParamsInAddress } from '@/ui/use-params-in-address';
import { FavoritesTab, LibraryTab } from './ProfileLists';

const text = t.profile;

export const PROFILE_TABS = ['overview', 'library', 'favorites', 'activity'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export interface ProfilePageProps {
  username: string;
  joined: string;
  /** The balance the session carried, shown until the stats answer. */
  points: number;
  initialTab: ProfileTab;
  settingsHref: string;
  site: HrefContext;
}

// Drawn as SVG: emoji fonts are not on every reader's system (a missing one shows an empty box).
const ACTIVITY_ICONS: Record<Activity['type'], string> = {
  read: 'M4 5a2 2 0 0 1 2-2h5v16H6a2 2 0 0 0-2 2zm16 0a2 2 0 0 0-2-2h-5v16h5a2 2 0 0 1 2 2z',
  liked: 'M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z',
  commented: 'M4 4h16v12H8l-4 4z',
  added: 'M12 5v14M5 12h14',
};

function ActivityIcon({ type }: { type: Activity['type'] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="mt-0.5 size-5 shrink-0 text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={ACTIVITY_ICONS[type]} />
    </svg>
  );
}

const STAT_KEYS = [
  'mangaReading',
  'mangaCompleted',
  'chaptersRead',
  'favouriteManga',
  'commentsPosted',
] as const satisfies readonly (keyof ProfileStats)[];

function RelativeTime({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatExactDateTime(iso)} className="text-xs opacity-70">
      {formatRelative(iso, now)}
    </time>
  );
}

function Header(props: ProfilePageProps & { stats: ProfileStats | undefined }) {
  const badges = usePolledQuery(PROFILE_KEYS.badges, fetchBadges);
  const joined = props.stats?.joined ?? props.joined;
  const points = props.stats?.points ?? props.points;
  return (
    <header className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start">
      <div
        aria-hidden="true"
        className="flex size-20 shrink-0 items-center justify-center self-center rounded-full bg-primary text-3xl font-bold text-primary-content sm:self-start"
      >
        {props.username.slice(0, 1).toUpperCase()}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-2xl font-bold break-words" dir="auto" data-testid="profile-username">
          {props.username}
        </h1>
        <p className="text-sm opacity-80">{fmt(text.joined, { date: formatLongDate(joined) })}</p>
        <p className="font-semibold" data-testid="profile-points">
          <span className="badge badge-warning badge-lg gap-1">
            <span aria-hidden="true">★</span>
            {fmtCount(text.points, points)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2" aria-label={text.badgesLabel} role="list">
          {badges.status === 'error' && (
            <LoadError message={PROFILE_MESSAGES.badgesError} onRetry={() => void badges.refetch()} />
          )}
          {badges.data?.length === 0 && <span className="text-sm opacity-70">{text.noBadges}</span>}
          {badges.data?.map((badge) => (
            <span
              key={badge.id}
              role="listitem"
              title={badge.description}
              className="badge border-0 text-white"
              style={{ backgroundColor: badge.color }}
            >
              {badge.name}
            </span>
          ))}
        </div>
      </div>
      <a href={props.settingsHref} className="btn btn-outline btn-sm self-start">
        {text.settings}
      </a>
    </header>
  );
}

function StatsCards({ stats, now }: { stats: ProfileStats; now: number }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {STAT_KEYS.map((key) => (
        <div key={key} className="rounded-box border border-base-300 bg-base-100 p-3" data-stat={key}>
          <dt className="text-sm opacity-80">{text.stats[key]}</dt>
          <dd className="text-2xl font-bold">{formatNumber(stats[key])}</dd>
        </div>
      ))}
      <div className="rounded-box border border-base-300 bg-base-100 p-3" data-stat="lastActive">
        <dt className="text-sm opacity-80">{text.stats.lastActive}</dt>
        <dd className="text-lg font-bold">
          {stats.lastActive ? <RelativeTime iso={stats.lastActive} now={now} /> : text.never}
        </dd>
      </div>
    </dl>
  );
}

function ActivityList({ items, site, now }: { items: Activity[]; site: HrefContext; now: number }) {
  if (items.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 p-6 text-center opacity-80">
        {text.noActivity}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="activity-list">
      {items.map((item) => (
        <li key={`${item.type}-${item.id}`} data-type={item.type}>
          <a
            href={href(item.path, site)}
            className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 hover:bg-base-200"
          >
            <ActivityIcon type={item.type} />
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="break-words">
                <span className="opacity-80">{text.activityTypes[item.type]} </span>
                <span className="font-semibold" dir="auto">
                  {item.title}
                </span>
                {item.chapter !== null && (
                  <span className="opacity-80">
                    {' '}
                    — {fmt(text.chapter, { number: feedChapterNumber(item.chapter, item.chapterLanguage) })}
                  </span>
                )}
              </span>
              {item.excerpt && (
                <span className="text-sm break-words opacity-80" dir="auto">
                  «{item.excerpt}»
                </span>
              )}
              <RelativeTime iso={item.date} now={now} />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec §2 profile page: the header (initial avatar, name, join date, badges, points, settings) and
 * the overview, library, favourites and activity tabs, all from the visitor's own figures.
 */
export default function ProfilePage(props: ProfilePageProps) {
  const [tab, setTab] = useState<ProfileTab>(props.initialTab);
  const stats = usePolledQuery(PROFILE_KEYS.stats, fetchProfileStats);
  const activity = usePolledQuery(PROFILE_KEYS.activity, fetchRecentActivity);
  const now = useNow();
  useParamsInAddress({ tab: tab === 'overview' ? null : tab });
  const { site } = props;

  const statsBlock =
    stats.status === 'error' ? (
      <LoadError message={PROFILE_MESSAGES.statsError} onRetry={() => void stats.refetch()} />
    ) : stats.data ? null : (
      <LoadingBlock />
    );
  const activityBlock =
    activity.status === 'error' ? (
      <LoadError message={PROFILE_MESSAGES.activityError} onRetry={() => void activity.refetch()} />
    ) : activity.data ? null : (
      <LoadingBlock />
    );

  return (
    <div className="flex flex-col gap-4">
      <Header {...props} stats={stats.data} />
      <Tabs tabs={PROFILE_TABS} current={tab} onSelect={setTab} label={text.tabsLabel} idPrefix="profile">
        {(item) => text.tabs[item]}
      </Tabs>
      <TabPanel idPrefix="profile" current={tab} className="flex flex-col gap-4">
        {tab === 'overview' && (
          <>
            {statsBlock ?? (stats.data && <StatsCards stats={stats.data} now={now} />)}
            <h2 className="text-lg font-bold">{text.recentHeading}</h2>
            {activityBlock ??
              (activity.data && <ActivityList items={activity.data.slice(0, 5)} site={site} now={now} />)}
          </>
        )}
        {tab === 'library' && <LibraryTab site={site} />}
        {tab === 'favorites' && <FavoritesTab site={site} />}
        {tab === 'activity' &&
          (activityBlock ?? (activity.data && <ActivityList items={activity.data} site={site} now={now} />))}
      </TabPanel>
    </div>
  );
}
