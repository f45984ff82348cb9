import type { ModerationAction, ModerationLogEntry } from '@warraq/contracts';
import { t } from '@/i18n';
import { formatDateTime } from '@/lib/format/format';
import { PagedLog } from '@/ui/PagedLog';
import { Cell, STACKED_TABLE, StackedTable } from '@/ui/stacked-table';
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
        <StackedTable
          label={text.tab}
          className="table-sm"
          columns={[columns.who, columns.action, columns.what, columns.when, columns.reason]}
        >
          {entries.map((entry) => (
            <tr key={entry.id} className={STACKED_TABLE.row} data-testid="moderation-log-row">
              <Cell label={columns.who} className="whitespace-nowrap">
                <span dir="auto">{entry.actor?.username ?? text.deletedActor}</span>
              </Cell>
              <Cell label={columns.action}>
                <span className={`badge badge-sm ${ACTION_CLASS[entry.action]}`}>
                  {text.actions[entry.action]}
                </span>
              </Cell>
              <Cell label={columns.what} className="sm:min-w-40">
                <span className="min-w-0 break-words">
                  <span className="text-xs opacity-70">{text.kinds[entry.contentType]}: </span>
                  <span dir="auto">{entry.title}</span>
                </span>
              </Cell>
              <Cell label={columns.when} className="whitespace-nowrap">
                {formatDateTime(entry.created_at)}
              </Cell>
              <Cell label={columns.reason} className="sm:min-w-40">
                {entry.note ? (
                  <span dir="auto" className="min-w-0 break-words">
                    {entry.note}
                  </span>
                ) : (
                  <span className="opacity-60">{text.noReason}</span>
                )}
              </Cell>
            </tr>
          ))}
        </StackedTable>
      )}
    </PagedLog>
  );
}
