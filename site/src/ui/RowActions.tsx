import { fmt, t } from '@/i18n';
import { Tooltip } from './Tooltip';

interface RowActionsProps {
  /** The row's name, for the buttons' accessible labels. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Why the row cannot be changed here; the buttons are then disabled and the reason a tooltip. */
  lockedReason?: string | undefined;
  ready: boolean;
}

/** A row's edit and delete buttons. */
export function RowActions({ name, onEdit, onDelete, lockedReason, ready }: RowActionsProps) {
  const locked = lockedReason !== undefined;
  const buttons = (
    <span className="flex gap-1">
      <button
        type="button"
        className="btn btn-xs btn-outline"
        aria-label={fmt(t.systemAdmin.editLabel, { name })}
        onClick={onEdit}
        disabled={!ready || locked}
      >
        {t.systemAdmin.edit}
      </button>
      <button
        type="button"
        className="btn btn-xs btn-outline btn-error"
        aria-label={fmt(t.systemAdmin.deleteLabel, { name })}
        onClick={onDelete}
        disabled={!ready || locked}
      >
        {t.systemAdmin.delete}
      </button>
    </span>
  );
  // Disabled buttons get no pointer or focus events: the tooltip hangs on a focusable wrapper.
  return locked ? <Tooltip content={lockedReason}>{buttons}</Tooltip> : buttons;
}
