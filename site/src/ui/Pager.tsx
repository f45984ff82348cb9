import { type CountForms, fmt, fmtCount, formatNumber, t } from '@/i18n';
import { pageSlots } from '@/lib/content/page-slots';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The pager's accessible name (two pagers may share a page). */
  label: string;
  /**
   * A "page 2 of 5 — 93 rows" line beside the buttons (`text` an i18n template with {page}, {pages}
   * and {total}, `count` the total's plural forms). With it the pager always shows, as the line still
   * tells the total on one page; without it a single page shows nothing.
   */
  summary?: { text: string; count: CountForms; total: number };
}

/** Previous, numbered pages (with gaps) and next (spec §2); the buttons show only over one page. */
export function Pager({ page, pages, onPage, label, summary }: PagerProps) {
  const last = Math.max(pages, 1);
  const current = Math.min(page, last);
  const buttons = last > 1 && (
    <div className="join">
      <button
        type="button"
        className="btn join-item btn-sm"
        disabled={current <= 1}
        onClick={() => onPage(current - 1)}
      >
        {t.common.previous}
      </button>
      {pageSlots(current, last).map((slot) =>
        slot.kind === 'gap' ? (
          <span key={slot.key} className="btn join-item btn-sm btn-disabled" aria-hidden="true">
            {t.mangaList.gap}
          </span>
        ) : (
          <button
            key={slot.page}
            type="button"
            className={`btn join-item btn-sm ${slot.page === current ? 'btn-active btn-primary' : ''}`}
            aria-current={slot.page === current ? 'page' : undefined}
            aria-label={fmt(t.mangaList.page, { n: formatNumber(slot.page) })}
            onClick={() => onPage(slot.page)}
          >
            {formatNumber(slot.page)}
          </button>
        ),
      )}
      <button
        type="button"
        className="btn join-item btn-sm"
        disabled={current >= last}
        onClick={() => onPage(current + 1)}
      >
        {t.common.next}
      </button>
    </div>
  );

  if (summary === undefined) {
    return buttons ? (
      <nav aria-label={label} className="flex justify-center">
        {buttons}
      </nav>
    ) : null;
  }
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm">
        {fmt(summary.text, {
          page: formatNumber(current),
          pages: formatNumber(last),
          total: fmtCount(summary.count, summary.total),
        })}
      </p>
      {buttons}
    </nav>
  );
}
