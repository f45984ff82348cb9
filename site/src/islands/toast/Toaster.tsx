import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '@/stores/toasts';
import { t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';

/** The one toast region of the page. Toasts come from the `$toasts` store. */
export default function Toaster() {
  const stored = useStore($toasts);
  // Toasts pushed before this island hydrated must not differ from the server's (empty) HTML.
  const toasts = useHydrated() ? stored : [];
  return (
    // The region lies over the header even when empty: only the toasts themselves take clicks.
    <section
      aria-label={t.toast.region}
      className="toast toast-top toast-center pointer-events-none z-50 w-[min(100vw-1rem,28rem)] p-2 sm:toast-end"
    >
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`alert pointer-events-auto items-start text-start shadow-lg ${toast.variant === 'destructive' ? 'alert-error' : 'alert-success'}`}
            data-variant={toast.variant}
          >
            <div className="flex-1">
              <p className="font-bold">{toast.title}</p>
              {toast.description && <p className="text-sm">{toast.description}</p>}
            </div>
            {toast.action && (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  dismissToast(toast.id);
                  toast.action?.onClick();
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-label={t.toast.dismiss}
              onClick={() => dismissToast(toast.id)}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
