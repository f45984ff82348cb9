import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordFormSchema, type ChangePasswordForm as ChangePasswordValues } from '@warraq/contracts';
import { changePassword } from '@/lib/api/auth';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { submitForm } from '@/ui/form-submit';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/** oldPassword + newPassword → POST /api/auth/change-password, with the strength meter. */
export default function ChangePasswordForm() {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const newPassword = watch('newPassword');

  async function handleChange(values: ChangePasswordValues) {
    const outcome = await submitForm(
      () => changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
      { setError, fields: ['oldPassword', 'newPassword'] },
      { title: t.settings.password.failed },
    );
    if (!outcome.ok) return;
    reset();
    showToast({ title: t.settings.password.success });
  }

  return (
    <form method="post" className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(handleChange)}>
      <TextField
        label={t.settings.password.oldPassword}
        type="password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <TextField
        label={t.settings.password.newPassword}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordStrengthMeter password={newPassword} />
      <TextField
        label={t.settings.password.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? t.common.saving : t.settings.password.submit}
      </button>
    </form>
  );
}
