import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  AnnouncementBodySchema,
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  type Announcement,
} from '@warraq/contracts';
import { t } from '@/i18n';
import { TextField } from '@/ui/TextField';
import { TextAreaField } from '@/ui/TextAreaField';
import { useHydrated } from '@/ui/use-hydrated';
import { DialogForm, FormDialog, saveForm, type FormDialogState } from '@/ui/FormDialog';
import { createAnnouncement, updateAnnouncement } from './community-api';

type AnnouncementFormInput = z.input<typeof AnnouncementBodySchema>;
type AnnouncementValues = z.output<typeof AnnouncementBodySchema>;

const FIELDS = ['title', 'body', 'pinned'] as const;
const text = t.communityAdmin;

export type AnnouncementDialogState = FormDialogState<Announcement>;

/** Post or edit an announcement of the community page. */
export function AnnouncementFormDialog({
  state,
  onClose,
}: {
  state: AnnouncementDialogState;
  onClose: () => void;
}) {
  return (
    <FormDialog state={state} titles={{ add: text.addTitle, edit: text.editTitle }} onClose={onClose}>
      {(open) => <AnnouncementForm state={open} onDone={onClose} />}
    </FormDialog>
  );
}

function AnnouncementForm({
  state,
  onDone,
}: {
  state: NonNullable<AnnouncementDialogState>;
  onDone: () => void;
}) {
  const hydrated = useHydrated();
  const editing = state.mode === 'edit' ? state.row : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementFormInput, unknown, AnnouncementValues>({
    resolver: zodResolver(AnnouncementBodySchema),
    defaultValues: editing
      ? { title: editing.title, body: editing.body, pinned: editing.pinned }
      : { title: '', body: '', pinned: false },
  });

  const handleSave = (values: AnnouncementValues) =>
    saveForm(editing ? () => updateAnnouncement(editing.id, values) : () => createAnnouncement(values), {
      success: editing ? COMMUNITY_MESSAGES.announcementUpdated : COMMUNITY_MESSAGES.announcementCreated,
      setError,
      fields: FIELDS,
      uniqueField: 'title',
      onDone,
    });

  return (
    <DialogForm
      mode={state.mode}
      onSubmit={handleSubmit(handleSave)}
      submitting={isSubmitting}
      ready={hydrated}
      onCancel={onDone}
    >
      <TextField
        label={text.fields.title}
        autoComplete="off"
        required
        maxLength={COMMUNITY_LIMITS.announcementTitleMax}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label={text.fields.body}
        required
        rows={6}
        maxLength={COMMUNITY_LIMITS.announcementBodyMax}
        error={errors.body?.message}
        {...register('body')}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" className="checkbox" {...register('pinned')} />
        <span>{text.fields.pinned}</span>
      </label>
    </DialogForm>
  );
}
