import type { ListMeta } from '@warraq/contracts';
import { fmt, formatNumber, t } from '@/i18n';
import { pageSlots } from '@/lib/content/page-slots';

interface PagerProps {
  meta: ListMeta;
  onPage: (page: number) => void;
  /** The page's accessible name (two pagers may share a page). */
  label: string;
}

/** Previous, numbered pages (with gaps) and next, for a list answered with `meta`. */
export function Pager({ meta, onPage, label }: PagerProps) {
  const pages = Math.max(meta.pages, 1);
  const current = Math.min(meta.page, pages);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm">
        {fmt(t.logs.pageOf, {
          page: formatNumber(current),
          pages: formatNumber(pages),
          total: formatNumber(meta.total),
        })}
      </p>
      {meta.pages > 1 && (
        <div className="join">
          <button
            type="button"
            className="btn join-item btn-sm"
            disabled={current <= 1}
            onClick={() => onPage(current - 1)}
          >
            {t.common.previous}
          </button>
          {pageSlots(current, pages).map((slot) =>
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
            disabled={current >= pages}
            onClick={() => onPage(current + 1)}
          >
            {t.common.next}
          </button>
        </div>
      )}
    </nav>
  );
}
