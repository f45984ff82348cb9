import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterFormSchema, TIMINGS } from '@warraq/contracts';
import type { z } from 'zod';
import { login, register as registerAccount } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/api-error';
import { describeDevice } from '@/lib/api/device';
import type { ClientSite } from '@/lib/site/client-site';
import { afterLoginTarget } from '@/lib/site/post-login';
import { fmt, t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { submitForm } from '@/ui/form-submit';

type RegisterInput = z.input<typeof RegisterFormSchema>;
type RegisterValues = z.output<typeof RegisterFormSchema>;
const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Stage = 'form' | 'registered' | 'signedIn' | 'autoLoginFailed';

export interface RegisterFormProps {
  site: ClientSite;
  /** The login page of this site (the fallback when auto-login fails). */
  loginHref: string;
}

/** A refusal without a reason names its HTTP status (0: no answer). */
const failedStatus = (error: unknown) =>
  fmt(t.register.failedStatus, { code: error instanceof ApiError ? error.status : 0 });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function RegisterForm({ site, loginHref }: RegisterFormProps) {
  const [stage, setStage] = useState<Stage>('form');
  const [banner, setBanner] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  async function handleRegister(values: RegisterValues) {
    setFailure(null);
    const device = describeDevice();
    const outcome = await submitForm(
      () =>
        registerAccount({
          username: values.username,
          email: values.email,
          password: values.password,
          points: 0,
          created_at: new Date().toISOString(),
          device: device.device,
          deviceInfo: device.deviceInfo,
        }),
      { setError, fields: FIELDS },
      { title: t.register.failedTitle, fallback: failedStatus, durationMs: TIMINGS.registerToastMs },
    );
    if (!outcome.ok) {
      setFailure(outcome.message ?? null);
      return;
    }
    setBanner(outcome.value.message || t.register.successTitle);
    setStage('registered');

    await wait(TIMINGS.registerAutoLoginDelayMs);
    try {
      const answer = await login({ username: values.username, password: values.password, ...device });
      setStage('signedIn');
      const target = afterLoginTarget(answer, site, null);
      await wait(TIMINGS.registerRedirectDelayMs);
      window.location.assign(target);
    } catch {
      setStage('autoLoginFailed');
      await wait(TIMINGS.registerFallbackDelayMs);
      window.location.assign(loginHref);
    }
  }

  const locked = !hydrated || isSubmitting || stage !== 'form';
  return (
    <form method="post" className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(handleRegister)}>
      {stage !== 'form' && (
        <div
          role="status"
          className={`alert ${stage === 'autoLoginFailed' ? 'alert-warning' : 'alert-success'}`}
        >
          <div>
            <p className="font-bold">{banner ?? t.register.successTitle}</p>
            <p>
              {stage === 'registered'
                ? t.register.successBody
                : stage === 'signedIn'
                  ? t.register.redirecting
                  : t.register.autoLoginFailed}
            </p>
          </div>
        </div>
      )}
      <TextField
        label={t.register.username}
        autoComplete="username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t.register.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t.register.password}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t.register.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {failure && (
        <div role="alert" className="alert alert-error">
          {failure}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={locked}>
        {isSubmitting ? t.register.submitting : t.register.submit}
      </button>
    </form>
  );
}
