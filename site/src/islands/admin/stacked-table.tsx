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

/** A cell of a stacked table. Left-to-right values (URLs, domains) go in an inner `dir="ltr"` span. */
export function Cell({ label, className = '', children, ...cell }: CellProps) {
  return (
    <td data-label={label} className={`${STACKED_TABLE.cell} ${className}`} {...cell}>
      {children}
    </td>
  );
}
