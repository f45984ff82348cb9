import { useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  AwardPointsBodySchema,
  POINTS_LIMITS,
  SERVICE_TYPES,
  typedInteger,
  type ServiceType,
  type User,
} from '@warraq/contracts';
import { formatNumber, t } from '@/i18n';
import { formatShortDateTime } from '@/lib/format/format';
import { PROFILE_KEYS, awardPoints, fetchPoints, searchUsers } from '@/lib/api/profile';
import { runMutation, usePolledQuery } from '@/lib/query';
import { QueryError } from '@/ui/QueryError';
import { Pager } from '@/ui/Pager';
import { SelectField } from '@/ui/SelectField';
import { TextField } from '@/ui/TextField';
import { useHydrated } from '@/ui/use-hydrated';
import { SYSTEM_FAILURE, submitForm } from '@/ui/form-submit';
import { showToast } from '@/stores/toasts';

const text = t.points;
const serviceLabels = t.systemAdmin.typeLabels;
const serviceOptions = SERVICE_TYPES.map((type) => ({ value: type, label: serviceLabels[type] }));
/** Whether a ledger entry's service is a registry type (shown by its Arabic name; any other code as written). */
const isServiceType = (code: string): code is ServiceType =>
  (SERVICE_TYPES as readonly string[]).includes(code);

// The user is picked above the form, so the form holds the rest of the award body. The amount is
// typed as text, in the page's digits or the keyboard's (a number input would show its own digits,
// whatever the reader's numeral choice).
const AwardFormSchema = AwardPointsBodySchema.omit({ user_id: true }).extend({
  amount: z.string().transform(typedInteger).pipe(AwardPointsBodySchema.shape.amount),
});
type AwardInput = z.input<typeof AwardFormSchema>;
type AwardValues = z.output<typeof AwardFormSchema>;
const FIELDS = ['amount', 'service', 'description'] as const;

type Picked = Pick<User, 'id' | 'username'>;

function Spinner() {
  return (
    <div className="flex justify-center py-6">
      <span role="status" className="loading loading-spinner loading-lg" aria-label={t.common.loading} />
    </div>
  );
}

function UserSearch({ picked, onPick }: { picked: Picked | null; onPick: (user: Picked) => void }) {
  const [search, setSearch] = useState('');
  const users = usePolledQuery(PROFILE_KEYS.users(search), () => searchUsers(search), {
    enabled: search !== '',
    intervalMs: false,
  });
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('search');
    setSearch(typeof value === 'string' ? value.trim() : '');
  }
  return (
    <section className="flex flex-col gap-3">
      <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="min-w-0 flex-1">
          <TextField
            label={text.searchLabel}
            name="search"
            type="search"
            placeholder={text.searchPlaceholder}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {text.searchSubmit}
        </button>
      </form>
      {search !== '' && users.isLoading && <Spinner />}
      {users.status === 'error' && <QueryError error={users.error} onRetry={() => void users.refetch()} />}
      {users.data?.length === 0 && <p className="opacity-80">{text.noUsers}</p>}
      {users.data && users.data.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={text.searchLabel}>
          {users.data.map((user) => (
            <li
              key={user.id}
              className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-2"
            >
              <span className="min-w-0 flex-1 break-words" dir="auto">
                <span className="font-semibold">{user.username}</span>
                <span className="ms-2 text-sm opacity-70" dir="ltr">
                  {user.email}
                </span>
              </span>
              <button
                type="button"
                className={`btn btn-sm ${picked?.id === user.id ? 'btn-success' : 'btn-outline'}`}
                aria-pressed={picked?.id === user.id}
                onClick={() => onPick({ id: user.id, username: user.username })}
              >
                {picked?.id === user.id ? text.selected : text.select}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AwardForm({ user }: { user: Picked }) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AwardInput, unknown, AwardValues>({
    resolver: zodResolver(AwardFormSchema),
    defaultValues: { amount: '', service: 'manga', description: '' },
  });

  async function save(values: AwardValues) {
    const outcome = await submitForm(
      () =>
        runMutation(() => awardPoints({ user_id: user.id, ...values }), {
          invalidates: [['points', user.id], ['profile']],
          // An award has no key the server could recognise a repeat by.
          retry: false,
        }),
      // A refused deduction (409, balance too low) belongs to the amount.
      { setError, fields: FIELDS, conflictField: 'amount' },
      SYSTEM_FAILURE,
    );
    if (!outcome.ok) return;
    showToast({ title: outcome.value.message });
    // The amount is cleared too, so a second click cannot repeat the award by accident.
    reset({ service: values.service, description: '', amount: '' });
  }

  return (
    <form
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      noValidate
      onSubmit={handleSubmit(save)}
      aria-labelledby="award-heading"
    >
      <h2 id="award-heading" className="text-lg font-bold">
        {text.awardHeading}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <TextField
            label={text.amount}
            dir="ltr"
            autoComplete="off"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <p className="text-xs opacity-70">{text.amountHint}</p>
        </div>
        <SelectField
          label={text.service}
          options={serviceOptions}
          error={errors.service?.message}
          {...register('service')}
        />
      </div>
      <TextField
        label={text.description}
        maxLength={POINTS_LIMITS.descriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={!hydrated || isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {text.submit}
      </button>
    </form>
  );
}

function PointsLedger({ user }: { user: Picked }) {
  const [page, setPage] = useState(1);
  const points = usePolledQuery(PROFILE_KEYS.points(user.id, page), () => fetchPoints(user.id, page), {
    keepPreviousData: true,
  });
  if (points.isLoading) return <Spinner />;
  const data = points.data?.data;
  const columns = text.columns;
  return (
    <section className="flex flex-col gap-3" aria-busy={points.isFetching}>
      {points.status === 'error' && <QueryError error={points.error} onRetry={() => void points.refetch()} />}
      {data && (
        <>
          <h2 className="text-xl font-bold" dir="auto">
            {data.username}
          </h2>
          <div className="stats stats-vertical w-full border border-base-300 bg-base-100 sm:stats-horizontal">
            {(['balance', 'earned', 'spent'] as const).map((key) => (
              <div key={key} className="stat" data-testid={`points-${key}`}>
                <div className="stat-title">{text[key]}</div>
                <div className="stat-value">{formatNumber(data[key])}</div>
              </div>
            ))}
          </div>
          <h3 className="text-lg font-bold">{text.history}</h3>
          {data.history.length === 0 ? (
            <p className="opacity-80">{text.noHistory}</p>
          ) : (
            <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
              <table className="table" data-testid="points-history">
                <thead>
                  <tr>
                    <th>{columns.date}</th>
                    <th>{columns.amount}</th>
                    <th>{columns.service}</th>
                    <th>{columns.description}</th>
                    <th>{columns.by}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.history.map((entry) => (
                    <tr key={entry.id}>
                      <td className="whitespace-nowrap">{formatShortDateTime(entry.created_at)}</td>
                      <td
                        dir="ltr"
                        className={`text-end font-bold ${entry.amount < 0 ? 'text-error' : 'text-success'}`}
                      >
                        {entry.amount > 0 ? '+' : ''}
                        {formatNumber(entry.amount)}
                      </td>
                      {isServiceType(entry.service) ? (
                        <td>{serviceLabels[entry.service]}</td>
                      ) : (
                        <td dir="ltr">{entry.service}</td>
                      )}
                      <td className="min-w-40 break-words" dir="auto">
                        {entry.description}
                      </td>
                      <td dir="auto">{entry.awarded_by ?? text.automatic}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={points.data?.meta.pages ?? 1} label={text.pagination} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** Spec §2 admin "Points System": find a user, read their ledger, award or deduct by hand. */
export default function PointsAdmin() {
  const [picked, setPicked] = useState<Picked | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <UserSearch picked={picked} onPick={setPicked} />
      {picked ? (
        <div key={picked.id} className="flex flex-col gap-6">
          <PointsLedger user={picked} />
          <AwardForm user={picked} />
        </div>
      ) : (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center opacity-80">
          {text.pickUser}
        </p>
      )}
    </div>
  );
}
