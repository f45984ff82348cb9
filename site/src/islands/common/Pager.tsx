import { fmt, formatNumber, t } from '@/i18n';
import { pageSlots } from '@/lib/content/page-slots';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}

/** Previous, numbered and next buttons (spec §2), shown only when there is more than one page. */
export function Pager({ page, pages, onPage, label }: PagerProps) {
  if (pages <= 1) return null;
  const slots = pageSlots(page, pages);
  return (
    <nav aria-label={label} className="flex justify-center">
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t.common.previous}
        </button>
        {slots.map((slot) =>
          slot.kind === 'gap' ? (
            <span key={slot.key} className="btn join-item btn-sm btn-disabled" aria-hidden="true">
              {t.mangaList.gap}
            </span>
          ) : (
            <button
              key={slot.page}
              type="button"
              className={`btn join-item btn-sm ${slot.page === page ? 'btn-active btn-primary' : ''}`}
              aria-current={slot.page === page ? 'page' : undefined}
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
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t.common.next}
        </button>
      </div>
    </nav>
  );
}
