import type { ModerationAction, ModerationLogEntry } from '@warraq/contracts';
import { t } from '@/i18n';
import { formatDateTime } from '@/islands/dashboard/format';
import { PagedLog } from './PagedLog';
import { ADMIN_KEYS, fetchModerationLog } from './system-api';

const text = t.logs.moderation;
const ACTION_CLASS: Record<ModerationAction, string> = {
  approve: 'badge-success',
  reject: 'badge-warning',
  delete: 'badge-error',
};

/** The moderation log: who approved, rejected or deleted what, when and why; newest first, paged. */
export function ModerationLogSection() {
  const columns = text.columns;
  return (
    <PagedLog
      keyFor={ADMIN_KEYS.moderationLog}
      fetchPage={fetchModerationLog}
      label={text.tab}
      intro={text.intro}
      empty={text.empty}
    >
      {(entries: ModerationLogEntry[]) => (
        <table className="table table-sm" aria-label={text.tab}>
          <thead>
            <tr>
              <th scope="col">{columns.who}</th>
              <th scope="col">{columns.action}</th>
              <th scope="col">{columns.what}</th>
              <th scope="col">{columns.when}</th>
              <th scope="col">{columns.reason}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="moderation-log-row">
                <td dir="auto" className="whitespace-nowrap">
                  {entry.actor?.username ?? text.deletedActor}
                </td>
                <td>
                  <span className={`badge badge-sm ${ACTION_CLASS[entry.action]}`}>
                    {text.actions[entry.action]}
                  </span>
                </td>
                <td className="min-w-40">
                  <span className="text-xs opacity-70">{text.kinds[entry.contentType]}: </span>
                  <span dir="auto" className="break-words">
                    {entry.title}
                  </span>
                </td>
                <td className="whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
                <td dir="auto" className="min-w-40 break-words">
                  {entry.note ?? <span className="opacity-60">{text.noReason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PagedLog>
  );
}
