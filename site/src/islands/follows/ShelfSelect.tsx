import { useEffect, useState, type ChangeEvent } from 'react';
import { SHELVES, type Shelf } from '@warraq/contracts/browser';
import { t } from '@/i18n';
import { failureMessage } from '@/lib/api/api-error';
import { showToast } from '@/stores/toasts';
import { useHydrated } from '@/ui/use-hydrated';

// Fetched when used: the API client and its answer schemas are not part of a guest's first load.
const followsApi = () => import('@/lib/api/follows');

const text = t.shelves;

export interface ShelfSelectProps {
  contentId: number;
  signedIn: boolean;
  /** The reader's shelf as the page state brought it: the island then asks nothing itself. */
  initialShelf?: Shelf | null | undefined;
}

/** Spec §2's reading-list button: which shelf the reader keeps the series on (reading moves by itself too). */
export default function ShelfSelect({ contentId, signedIn, initialShelf }: ShelfSelectProps) {
  const hydrated = useHydrated();
  const [shelf, setShown] = useState<Shelf | null>(initialShelf ?? null);
  const [loaded, setLoaded] = useState(!signedIn || initialShelf !== undefined);
  const known = initialShelf !== undefined;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!signedIn || known) return;
    let live = true;
    followsApi()
      .then(({ fetchShelf }) => fetchShelf(contentId))
      .then((answer) => live && setShown(answer))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [contentId, signedIn, known]);

  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    if (!signedIn) {
      showToast({ title: text.loginToShelve, variant: 'destructive' });
      return;
    }
    const next = (event.target.value || null) as Shelf | null;
    const before = shelf;
    setShown(next);
    setBusy(true);
    try {
      setShown(await (await followsApi()).setShelf(contentId, next));
      showToast({ title: next ? text.saved : text.removed });
    } catch (error) {
      setShown(before);
      showToast({ title: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="font-semibold">{text.label}</span>
      <select
        className="select select-sm w-auto"
        value={shelf ?? ''}
        disabled={!hydrated || !loaded || busy}
        onChange={handleChange}
        data-testid="series-shelf"
      >
        <option value="">{text.none}</option>
        {SHELVES.map((name) => (
          <option key={name} value={name}>
            {text.names[name]}
          </option>
        ))}
      </select>
    </label>
  );
}
