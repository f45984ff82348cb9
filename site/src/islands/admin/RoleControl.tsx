import { useId, useState } from 'react';
import { assignableRoles, type Role } from '@warraq/contracts';
import { changeRole } from '@/lib/api/users';
import { fmt, isolate, t } from '@/i18n';
import { useHydrated } from '@/ui/use-hydrated';
import { showToast } from '@/stores/toasts';

interface RoleControlProps {
  /** The signed-in admin. */
  me: { id: number; role: Role };
  target: { id: number; username: string; role: Role };
}

const text = t.roleChange;

/**
 * A user row's role on /admin, with a select of the roles the viewer may give (the contract's
 * `assignableRoles`, the rule the platform applies too) and a button that applies the choice.
 */
export default function RoleControl({ me, target }: RoleControlProps) {
  const hydrated = useHydrated();
  const selectId = useId();
  const [role, setRole] = useState<Role>(target.role);
  const [choice, setChoice] = useState<Role>(target.role);
  const [saving, setSaving] = useState(false);
  const options = assignableRoles(me, { id: target.id, role });
  if (!options.includes(role)) options.unshift(role);

  async function handleApply() {
    setSaving(true);
    try {
      const answer = await changeRole(target.id, { role: choice });
      setRole(answer.user.role);
      setChoice(answer.user.role);
      showToast({
        title: answer.message,
        description: fmt(text.changed, {
          username: isolate(target.username),
          role: t.roles[answer.user.role],
        }),
      });
    } catch (error) {
      setChoice(role);
      showToast({
        title: text.failed,
        description: error instanceof Error ? error.message : t.errors.generic,
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="role-control" data-role={role}>
      <label htmlFor={selectId} className="sr-only">
        {fmt(text.label, { username: isolate(target.username) })}
      </label>
      <select
        id={selectId}
        className="select select-sm w-auto"
        value={choice}
        disabled={!hydrated || saving}
        onChange={(event) => setChoice(event.target.value as Role)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t.roles[option]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={!hydrated || saving || choice === role}
        aria-busy={saving}
        onClick={() => void handleApply()}
      >
        {saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {saving ? text.applying : text.apply}
      </button>
    </div>
  );
}
