import { useMemo, useState } from 'react';
import type { ModerationAction, ModerationStatus } from '@warraq/contracts';
import { t } from '@/i18n';
import { isNoOp } from '@/lib/moderation/content-queue';
import { ModerationDialog } from '@/ui/ModerationDialog';
import { runModeration, type ModerationTarget } from '@/lib/moderation/run-moderation';

const text = t.moderation;
/** Long enough to read the toast before the series page replaces the reader. */
const LEAVE_DELAY_MS = 1200;

const BUTTON_CLASS: Record<ModerationAction, string> = {
  approve: 'btn-success',
  reject: 'btn-warning',
  delete: 'btn-error',
};

interface ReaderModerationProps {
  /** The chapter, with the status the reader's badge shows. */
  target: ModerationTarget;
  /** Where reject and delete leave the reader (spec §4: back to the series page). */
  seriesHref: string;
  onStatus: (status: ModerationStatus) => void;
}

/**
 * Spec §2 reader moderator buttons (accept, reject, delete) for staff. Unlike the spec's toast-only
 * dialogs they call the moderation API (decisions.md); the reject reason is required here.
 */
export default function ReaderModeration({ target, seriesHref, onStatus }: ReaderModerationProps) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [leaving, setLeaving] = useState(false);
  const request = useMemo(() => action && { action, title: target.title }, [action, target.title]);

  async function handleConfirm(note: string) {
    if (!action) return;
    const answer = await runModeration(target, action, note);
    if (!answer) return;
    if (answer.item.status === 'approved') {
      onStatus('approved');
      return;
    }
    setLeaving(true);
    setTimeout(() => window.location.assign(seriesHref), LEAVE_DELAY_MS);
  }

  return (
    <div role="group" aria-label={text.moderatorTools} className="flex flex-wrap items-center gap-2">
      {(['approve', 'reject', 'delete'] as const).map((item) =>
        isNoOp(item, target.status) ? null : (
          <button
            key={item}
            type="button"
            className={`btn btn-sm ${BUTTON_CLASS[item]}`}
            disabled={leaving}
            onClick={() => setAction(item)}
          >
            {text.actions[item]}
          </button>
        ),
      )}
      <ModerationDialog
        request={request}
        reasonRequired
        onConfirm={handleConfirm}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
