import { useEffect } from 'react';
import { clearPendingRedirect } from '@/lib/site/session-hints';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';

/** After the login redirect (?redirected=true&timestamp=…): clear the pending flag, greet, tidy the URL. */
export default function LoginWelcome() {
  useEffect(() => {
    clearPendingRedirect();
    showToast({ title: t.dashboard.welcomeTitle, description: t.dashboard.welcomeBody });
    const url = new URL(window.location.href);
    url.searchParams.delete('redirected');
    url.searchParams.delete('timestamp');
    url.searchParams.delete('mobile');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return null;
}
