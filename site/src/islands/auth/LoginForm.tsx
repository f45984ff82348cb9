import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema, TIMINGS, isMobileUserAgent } from '@warraq/contracts';
import type { z } from 'zod';
import { login } from '@/lib/api/auth';
import { describeDevice } from '@/lib/api/device';
import type { ClientSite } from '@/lib/site/client-site';
import { afterLoginTarget } from '@/lib/site/post-login';
import { hasPendingRedirect } from '@/lib/site/session-hints';
import { showToast } from '@/stores/toasts';
import { fmt, t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { submitForm } from '@/ui/form-submit';

const LoginFormSchema = LoginBodySchema.pick({ username: true, password: true });
type LoginFormInput = z.input<typeof LoginFormSchema>;
type LoginFormValues = z.output<typeof LoginFormSchema>;

export interface LoginFormProps {
  site: ClientSite;
  /** The `redirect` query parameter, if any. */
  redirectParam: string | null;
  /** An explanation to show first (from ?auth_error=). */
  notice: string | null;
  /** The session state as the server saw it for this request. */
  serverSession: 'active' | 'none';
}

export default function LoginForm({ site, redirectParam, notice, serverSession }: LoginFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { username: '', password: '' },
  });

  async function handleLogin(values: LoginFormValues) {
    setFailure(null);
    const outcome = await submitForm(
      () => login({ ...values, ...describeDevice() }),
      { setError, fields: ['username', 'password'] },
      { title: t.login.failedTitle, fallback: t.login.failedDefault, durationMs: TIMINGS.loginErrorToastMs },
    );
    if (!outcome.ok) {
      setFailure(outcome.message ?? null);
      return;
    }
    const answer = outcome.value;
    showToast({
      title: t.login.successTitle,
      description: fmt(t.login.welcome, { username: answer.user.username }),
      durationMs: answer.isAdmin ? TIMINGS.loginToastAdminMs : TIMINGS.loginToastMs,
    });
    setDone(true);
    const target = afterLoginTarget(answer, site, redirectParam);
    setTimeout(() => window.location.assign(target), TIMINGS.loginRedirectDelayMs);
  }

  return (
    <div className="flex flex-col gap-4">
      {notice && (
        <div role="alert" className="alert alert-warning">
          {notice}
        </div>
      )}
      <form method="post" className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(handleLogin)}>
        <TextField
          label={t.login.username}
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t.login.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {failure && (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={!hydrated || isSubmitting || done}>
          {isSubmitting || done ? t.login.submitting : t.login.submit}
        </button>
      </form>
      <SessionDiagnostics site={site} serverSession={serverSession} redirectParam={redirectParam} />
    </div>
  );
}

interface SessionDiagnosticsProps {
  site: ClientSite;
  serverSession: 'active' | 'none';
  redirectParam: string | null;
}

/** What the browser and the server know about this session; nothing secret. */
function SessionDiagnostics({ site, serverSession, redirectParam }: SessionDiagnosticsProps) {
  const [browser, setBrowser] = useState<{ cookies: boolean; mobile: boolean; pending: boolean } | null>(
    null,
  );
  useEffect(() => {
    setBrowser({
      cookies: navigator.cookieEnabled,
      mobile: isMobileUserAgent(navigator.userAgent),
      pending: redirectParam !== null || hasPendingRedirect(),
    });
  }, [redirectParam]);
  const d = t.login.diagnostics;
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? d.checking : value ? t.common.yes : t.common.no;
  const rows: [string, string][] = [
    [d.siteType, `${t.siteTypes[site.siteType]} (${site.siteType})`],
    [d.host, site.host],
    [d.cookiesEnabled, yesNo(browser?.cookies)],
    [d.session, serverSession === 'active' ? d.sessionActive : d.sessionNone],
    [d.device, browser ? (browser.mobile ? d.mobile : d.desktop) : d.checking],
    [d.pendingRedirect, yesNo(browser?.pending)],
  ];
  return (
    <details className="collapse-arrow collapse border border-base-300 bg-base-200">
      <summary className="collapse-title font-semibold">{d.title}</summary>
      <div className="collapse-content">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd dir="auto" className="break-all">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
