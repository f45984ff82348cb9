import { t } from '@/i18n';
import { isGroupRead, markBody, type MarkKind } from '@/lib/chapters/read-markers';
import { $pageState } from '@/stores/page-state';
import { showToast } from '@/stores/toasts';

const text = t.readerLists.markers;

function variantIds(scope: ParentNode): number[] {
  return [...scope.querySelectorAll<HTMLElement>('[data-chapter-id][data-approved]')].map((row) =>
    Number(row.dataset.chapterId),
  );
}

/**
 * Whether a reader is signed in, as far as the page knows: on a public document, once its page state
 * has answered (a guest then loads neither the API client nor its schemas, nor asks to be refused);
 * on a page rendered for its reader, assumed, and the call answers.
 */
function signedIn(): Promise<boolean> {
  if (!document.documentElement.dataset.pageState) return Promise.resolve(true);
  return new Promise((resolve) => {
    const stop = $pageState.subscribe((state) => {
      if (!state.ready) return;
      resolve(state.viewer !== null);
      queueMicrotask(() => stop());
    });
  });
}

/**
 * The signed-in reader's read markers on a series' chapter list, loaded after the page is shown
 * (the page itself is the same for every visitor): a "read" badge per chapter variant, and per
 * chapter number "read up to here" and read/unread. A guest's call is refused and nothing shows.
 */
export async function startReadMarkers(list: HTMLElement): Promise<void> {
  const seriesId = Number(list.dataset.seriesId);
  if (!(await signedIn())) return;
  const { fetchReadMarkers, markRead } = await import('@/lib/api/library');
  let read: Set<number>;
  try {
    read = new Set(await fetchReadMarkers(seriesId));
  } catch {
    return;
  }

  const render = () => {
    for (const row of list.querySelectorAll<HTMLElement>('[data-chapter-id]')) {
      const isRead = read.has(Number(row.dataset.chapterId));
      row.dataset.read = String(isRead);
      const badge = row.querySelector<HTMLElement>('[data-read-badge]');
      if (badge) badge.hidden = !isRead;
    }
    for (const controls of list.querySelectorAll<HTMLElement>('[data-read-controls]')) {
      const group = controls.closest<HTMLElement>('[data-chapter-group]');
      const toggle = controls.querySelector<HTMLButtonElement>('[data-mark="toggle"]');
      if (!group || !toggle) continue;
      const groupRead = isGroupRead(variantIds(group), read);
      toggle.dataset.groupRead = String(groupRead);
      toggle.textContent = groupRead ? text.markUnread : text.markRead;
      controls.hidden = false;
    }
  };
  render();

  list.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-mark]');
    if (!button || button.disabled) return;
    const body = markBody(
      button.dataset.mark as MarkKind,
      Number(button.dataset.number),
      button.dataset.groupRead === 'true',
    );
    button.disabled = true;
    markRead(seriesId, body)
      .then((ids) => {
        read = new Set(ids);
        render();
      })
      .catch(() => showToast({ title: text.failed, variant: 'destructive' }))
      .finally(() => {
        button.disabled = false;
      });
  });
}
