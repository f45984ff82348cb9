import type { ReactNode } from 'react';
import type { ModerationAction, ModerationItem, ModerationStatus } from '@warraq/contracts';
import { fmt, formatDate, t } from '@/i18n';
import { isNoOp } from '@/lib/moderation/content-queue';
import { showToast } from '@/stores/toasts';
import { Cell, STACKED_TABLE } from '@/ui/stacked-table';

const text = t.moderation;

export type ContentActionHandler = (item: ModerationItem, action: ModerationAction) => void;

interface ContentTableProps {
  items: ModerationItem[];
  onAction: ContentActionHandler;
  viewHref: (path: string) => string;
}

const STATUS_CLASS: Record<ModerationStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

const ACTION_CLASS: Record<ModerationAction, string> = {
  approve: 'btn-success',
  reject: 'btn-warning',
  delete: 'btn-error',
};

const DECISIONS: readonly ModerationAction[] = ['approve', 'reject', 'delete'];

function StatusCell({ item }: { item: ModerationItem }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`badge badge-sm ${STATUS_CLASS[item.status]}`}>{text.statuses[item.status]}</span>
      {item.review?.note && (
        <span className="max-w-60 text-xs break-words opacity-80" dir="auto">
          {fmt(text.reviewNote, { note: item.review.note })}
        </span>
      )}
    </div>
  );
}

function RowActions({
  item,
  onAction,
  viewHref,
}: { item: ModerationItem } & Omit<ContentTableProps, 'items'>) {
  return (
    <div className="flex flex-wrap gap-1 sm:flex-nowrap">
      <a
        href={viewHref(item.path)}
        target="_blank"
        rel="noopener"
        className="btn btn-ghost btn-xs"
        aria-label={fmt(text.actionOn, { action: text.actions.view, title: item.title })}
        onClick={() =>
          showToast({ title: text.viewTitle, description: fmt(text.viewBody, { title: item.title }) })
        }
      >
        {text.actions.view}
      </a>
      {DECISIONS.map((action) => {
        // The spec offers every action in every tab; the one that would change nothing says why.
        const noOp = isNoOp(action, item.status);
        return (
          <button
            key={action}
            type="button"
            className={`btn btn-xs ${ACTION_CLASS[action]}`}
            aria-label={fmt(text.actionOn, { action: text.actions[action], title: item.title })}
            title={noOp && action !== 'delete' ? text.alreadyThere[action] : undefined}
            disabled={noOp}
            onClick={() => onAction(item, action)}
          >
            {text.actions[action]}
          </button>
        );
      })}
    </div>
  );
}

/** The spec's columns, in order (the actions column follows). */
const COLUMNS: { id: keyof typeof text.columns; cell: (item: ModerationItem) => ReactNode }[] = [
  {
    id: 'title',
    cell: (item) => (
      <span className="font-semibold break-words" dir="auto">
        {item.title}
      </span>
    ),
  },
  { id: 'type', cell: (item) => text.types[item.type] },
  { id: 'creator', cell: (item) => <bdi>{item.creator}</bdi> },
  { id: 'contentType', cell: (item) => text.contentTypes[item.contentType] },
  { id: 'createdAt', cell: (item) => <time dateTime={item.created_at}>{formatDate(item.created_at)}</time> },
  { id: 'status', cell: (item) => <StatusCell item={item} /> },
];

/**
 * The tab's items as the admin tables show theirs: a table, whose rows become labelled blocks on
 * phones (a seven-column table does not fit 390 px).
 */
export function ContentTable({ items, onAction, viewHref }: ContentTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className={STACKED_TABLE.table}>
        <thead className={STACKED_TABLE.head}>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.id} scope="col">
                {text.columns[column.id]}
              </th>
            ))}
            <th scope="col">{text.columns.actions}</th>
          </tr>
        </thead>
        <tbody className={STACKED_TABLE.body}>
          {items.map((item) => (
            <tr
              key={`${item.contentType}-${item.id}`}
              className={STACKED_TABLE.row}
              data-content-id={item.id}
            >
              {COLUMNS.map((column) => (
                <Cell
                  key={column.id}
                  label={text.columns[column.id]}
                  className={column.id === 'title' ? 'sm:min-w-48' : undefined}
                >
                  {column.cell(item)}
                </Cell>
              ))}
              <Cell label={text.columns.actions}>
                <RowActions item={item} onAction={onAction} viewHref={viewHref} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
