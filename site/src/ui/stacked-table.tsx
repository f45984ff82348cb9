import type { ReactNode, TdHTMLAttributes } from 'react';

/**
 * Classes of a table that, under the `sm` breakpoint, shows each row as a block of labelled lines
 * (the label is the cell's `data-label`, its column's name) instead of scrolling sideways past the
 * columns that matter. From `sm` up it is a plain daisyUI table.
 */
export const STACKED_TABLE = {
  table: 'table max-sm:block',
  head: 'max-sm:hidden',
  body: 'max-sm:block',
  row: 'max-sm:flex max-sm:flex-col max-sm:py-2',
  cell: [
    'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:justify-between max-sm:gap-x-3 max-sm:gap-y-1',
    'max-sm:px-4 max-sm:py-1 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:opacity-70',
    'max-sm:before:content-[attr(data-label)]',
  ].join(' '),
} as const;

interface CellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's name, shown before the value on small screens. */
  label: string;
  children?: ReactNode;
}

interface StackedTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** More table classes, e.g. `table-sm`. */
  className?: string;
  /** The rows: `<tr className={STACKED_TABLE.row}>` of `Cell`s, one a column. */
  children: ReactNode;
}

/** A bordered stacked table with its column headers. */
export function StackedTable({ label, columns, className = '', children }: StackedTableProps) {
  return (
    <div className="rounded-box border border-base-300 sm:overflow-x-auto">
      <table className={`${STACKED_TABLE.table} ${className}`} aria-label={label}>
        <thead className={STACKED_TABLE.head}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={STACKED_TABLE.body}>{children}</tbody>
      </table>
    </div>
  );
}

/** A cell of a stacked table. Left-to-right values (URLs, domains) go in an inner `dir="ltr"` span. */
export function Cell({ label, className = '', children, ...cell }: CellProps) {
  return (
    <td data-label={label} className={`${STACKED_TABLE.cell} ${className}`} {...cell}>
      {children}
    </td>
  );
}
