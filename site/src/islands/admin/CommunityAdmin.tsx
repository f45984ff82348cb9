import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  UpdateRulesBodySchema,
  type Announcement,
} from '@warraq/contracts';
import { formatDate, t } from '@/i18n';
import { usePolledQuery } from '@/lib/query';
import { showToast } from '@/stores/toasts';
import { ConfirmDeleteDialog } from '@/ui/ConfirmDeleteDialog';
import { PagedLog } from '@/ui/PagedLog';
import { QueryView } from '@/ui/QueryView';
import { RowActions } from '@/ui/RowActions';
import { Cell, STACKED_TABLE, StackedTable } from '@/ui/stacked-table';
import { TextAreaField } from '@/ui/TextAreaField';
import { SYSTEM_FAILURE, submitForm } from '@/ui/form-submit';
import { useHydrated } from '@/ui/use-hydrated';
import { AnnouncementFormDialog, type AnnouncementDialogState } from './AnnouncementFormDialog';
import {
  COMMUNITY_KEYS,
  deleteAnnouncement,
  fetchAnnouncements,
  fetchRules,
  saveRules,
} from './community-api';

const text = t.communityAdmin;

/** The admin area's community page: announcements (post, edit, delete) and the rules. */
export default function CommunityAdmin() {
  return (
    <div className="flex flex-col gap-8">
      <AnnouncementsSection />
      <RulesSection />
    </div>
  );
}

function AnnouncementsSection() {
  const hydrated = useHydrated();
  const [dialog, setDialog] = useState<AnnouncementDialogState>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const columns = text.columns;
  return (
    <section aria-labelledby="announcements-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="announcements-heading" className="text-2xl font-bold">
          {text.announcementsHeading}
        </h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!hydrated}
          onClick={() => setDialog({ mode: 'create' })}
        >
          {text.add}
        </button>
      </div>
      <PagedLog
        keyFor={COMMUNITY_KEYS.announcements}
        fetchPage={fetchAnnouncements}
        label={text.listLabel}
        intro={text.intro}
        empty={text.empty}
      >
        {(rows) => (
          <StackedTable
            label={text.listLabel}
            columns={[columns.title, columns.author, columns.createdAt, columns.pinned, columns.actions]}
          >
            {rows.map((row) => (
              <tr key={row.id} className={STACKED_TABLE.row} data-testid="announcement-row">
                <Cell label={columns.title} className="font-semibold">
                  <span dir="auto" className="min-w-0 break-words">
                    {row.title}
                  </span>
                </Cell>
                <Cell label={columns.author}>
                  <span dir="auto">{row.author ?? '—'}</span>
                </Cell>
                <Cell label={columns.createdAt} className="whitespace-nowrap">
                  {formatDate(row.createdAt)}
                </Cell>
                <Cell label={columns.pinned}>{row.pinned ? text.yes : text.no}</Cell>
                <Cell label={columns.actions}>
                  <RowActions
                    name={row.title}
                    ready={hydrated}
                    onEdit={() => setDialog({ mode: 'edit', row })}
                    onDelete={() => setDeleting(row)}
                  />
                </Cell>
              </tr>
            ))}
          </StackedTable>
        )}
      </PagedLog>
      <AnnouncementFormDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        target={deleting ? { name: deleting.title } : null}
        title={text.deleteTitle}
        note={text.deleteNote}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteAnnouncement(deleting.id);
          showToast({ title: COMMUNITY_MESSAGES.announcementDeleted });
        }}
      />
    </section>
  );
}

type RulesInput = z.input<typeof UpdateRulesBodySchema>;
type RulesValues = z.output<typeof UpdateRulesBodySchema>;

function RulesSection() {
  const rules = usePolledQuery(COMMUNITY_KEYS.rules, fetchRules);
  return (
    <section aria-labelledby="rules-heading" className="flex flex-col gap-3">
      <h2 id="rules-heading" className="text-2xl font-bold">
        {text.rulesHeading}
      </h2>
      <QueryView query={rules} loadingLabel={t.common.loading}>
        {(rules) => <RulesForm initial={rules.text} />}
      </QueryView>
    </section>
  );
}

function RulesForm({ initial }: { initial: string }) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RulesInput, unknown, RulesValues>({
    resolver: zodResolver(UpdateRulesBodySchema),
    defaultValues: { text: initial },
  });
  // A refetch after saving brings the stored (cleaned) text; an untouched form follows it.
  useEffect(() => {
    if (!isDirty) reset({ text: initial });
  }, [initial, isDirty, reset]);

  const onSave = async (values: RulesValues) => {
    const outcome = await submitForm(() => saveRules(values), { setError, fields: ['text'] }, SYSTEM_FAILURE);
    if (!outcome.ok) return;
    reset({ text: values.text });
    showToast({ title: COMMUNITY_MESSAGES.rulesSaved });
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSave)} noValidate>
      <TextAreaField
        label={text.rulesLabel}
        rows={10}
        maxLength={COMMUNITY_LIMITS.rulesMax}
        error={errors.text?.message}
        {...register('text')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? text.savingRules : text.saveRules}
        </button>
      </div>
    </form>
  );
}
