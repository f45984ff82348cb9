import { useEffect, useState } from 'react';
import { TIMINGS } from '@warraq/contracts/browser';
import { fmtCount, formatNumber, t } from '@/i18n';

export interface DashboardRedirectProps {
  /** Decided on the server: a session, no session, or a profile without user data. */
  state: 'ok' | 'session_missing' | 'no_user_data';
  /** Where to go when the countdown ends (without the timestamp, added at the end). */
  adminHref: string;
  loginHref: string;
}

function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target, window.location.href);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

/** Spec §2 dashboard redirect: a visible 3-second countdown, then /admin (or /login on missing auth). */
export default function DashboardRedirect({ state, adminHref, loginHref }: DashboardRedirectProps) {
  const [seconds, setSeconds] = useState<number>(TIMINGS.dashboardRedirectCountdownS);

  function target(): string {
    return state === 'ok'
      ? withParams(adminHref, { redirected: 'true', timestamp: String(Date.now()) })
      : withParams(loginHref, { auth_error: state });
  }

  useEffect(() => {
    if (seconds <= 0) {
      window.location.assign(target());
      return;
    }
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  });

  const ok = state === 'ok';
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {!ok && (
        <p role="alert" className="alert alert-error">
          {state === 'no_user_data' ? t.dashboardRedirect.noUserData : t.dashboardRedirect.authProblem}
        </p>
      )}
      <p className="text-6xl font-bold tabular-nums" aria-hidden="true">
        {formatNumber(Math.max(seconds, 0))}
      </p>
      <p role="status" aria-live="polite">
        {fmtCount(ok ? t.dashboardRedirect.countdown : t.dashboardRedirect.toLogin, Math.max(seconds, 0))}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.assign(target())}>
        {ok ? t.dashboardRedirect.goNow : t.dashboardRedirect.loginNow}
      </button>
    </div>
  );
}
