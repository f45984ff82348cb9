import { useState } from 'react';
import { TIMINGS } from '@warraq/contracts/browser';
import { clearLocalSession } from '@/lib/site/session-hints';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';

// Fetched on the click: the API client and the auth schemas are not part of every page's first load.
const authApi = () => import('@/lib/api/auth');

export interface LogoutButtonProps {
  /** Where to go after logging out (the login page of this site). */
  loginHref: string;
  className?: string;
}

/** POST /api/auth/logout, then /login after 1 s; local state is cleared even when the call fails. */
export default function LogoutButton({ loginHref, className }: LogoutButtonProps) {
  const [busy, setBusy] = useState(false);

  async function handleLogout() {
    setBusy(true);
    try {
      await (await authApi()).logout();
      showToast({ title: t.logout.success });
    } catch (error) {
      showToast({
        title: t.logout.failedTitle,
        description: error instanceof Error && error.message ? error.message : t.logout.failedBody,
        variant: 'destructive',
      });
    } finally {
      clearLocalSession();
      setTimeout(() => window.location.assign(loginHref), TIMINGS.logoutRedirectDelayMs);
    }
  }

  return (
    <button
      type="button"
      className={className ?? 'btn btn-ghost btn-sm'}
      onClick={handleLogout}
      disabled={busy}
    >
      {busy ? t.nav.loggingOut : t.nav.logout}
    </button>
  );
}
