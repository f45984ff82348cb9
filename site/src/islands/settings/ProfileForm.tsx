import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EmailSchema, UsernameSchema, type UpdateUserBody } from '@warraq/contracts';
import { updateUser } from '@/lib/api/users';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { submitForm } from '@/ui/form-submit';

const ProfileFormSchema = z.object({ username: UsernameSchema, email: EmailSchema });
type ProfileInput = z.input<typeof ProfileFormSchema>;
type ProfileValues = z.output<typeof ProfileFormSchema>;

export interface ProfileFormProps {
  userId: number;
  username: string;
  email: string;
}

/** Username and e-mail → PUT /api/users/{id} (only the fields that changed). */
export default function ProfileForm({ userId, username, email }: ProfileFormProps) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, defaultValues },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { username, email },
  });

  async function handleSave(values: ProfileValues) {
    const body: UpdateUserBody = {};
    if (values.username !== defaultValues?.username) body.username = values.username;
    if (values.email !== defaultValues?.email?.toLowerCase()) body.email = values.email;
    if (body.username === undefined && body.email === undefined) {
      showToast({ title: t.settings.profile.noChanges });
      return;
    }
    const outcome = await submitForm(
      () => updateUser(userId, body),
      { setError, fields: ['username', 'email'] },
      { title: t.settings.profile.failed },
    );
    if (!outcome.ok) return;
    reset({ username: outcome.value.user.username, email: outcome.value.user.email });
    showToast({ title: t.settings.profile.success });
  }

  // Read-only until hydrated: registering a field writes its default value into the input, which
  // would overwrite (or, mid-edit, prepend to) anything typed before the island was ready.
  return (
    <form method="post" className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(handleSave)}>
      <TextField
        label={t.settings.profile.username}
        autoComplete="username"
        readOnly={!hydrated}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t.settings.profile.email}
        type="email"
        autoComplete="email"
        readOnly={!hydrated}
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? t.common.saving : t.settings.profile.submit}
      </button>
    </form>
  );
}
