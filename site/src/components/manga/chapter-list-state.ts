import type { ChapterVariant } from '@warraq/contracts';
import { fmt, fmtCount, t } from '@/i18n';
import { isGroupRead, markBody, type MarkKind } from '@/lib/chapters/read-markers';
import {
  GROUPS_REMAINING_HEADER,
  languageBadge,
  languageName,
  ownChapterTitle,
} from '@/lib/content/chapter-groups';
import { formatChapterNumber } from '@/lib/format/format';
import { chapterHrefFrom } from '@/lib/site/chapter-href';
import { $pageState } from '@/stores/page-state';
import { showToast } from '@/stores/toasts';

const text = t.readerLists.markers;

function variantIds(scope: ParentNode): number[] {
  return [...scope.querySelectorAll<HTMLElement>('[data-chapter-id][data-approved]')].map((row) =>
    Number(row.dataset.chapterId),
  );
}

function slot(scope: ParentNode, name: string): HTMLElement {
  const element = scope.querySelector<HTMLElement>(`[data-slot="${name}"]`);
  if (!element) throw new Error(`chapter list template: no ${name} slot`);
  return element;
}

/** The template's group (ChapterGroupItem.astro) filled in for one pending chapter. */
function pendingGroup(template: HTMLTemplateElement, pattern: string, chapter: ChapterVariant): HTMLElement {
  const group = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const n = formatChapterNumber(chapter.chapterNumber);
  group.dataset.chapterNumber = String(chapter.chapterNumber);
  slot(group, 'heading').textContent = fmt(t.series.chapter, { n });
  const row = group.querySelector<HTMLElement>('[data-chapter-id]');
  if (row) row.dataset.chapterId = String(chapter.id);
  (slot(group, 'link') as HTMLAnchorElement).href = chapterHrefFrom(pattern, chapter.chapterNumber, {
    variant: String(chapter.id),
  });
  const { code, flagged } = languageBadge(chapter.language);
  const name = languageName(code);
  const language = slot(group, 'language');
  language.textContent = flagged ? name : `${t.series.globe} ${name}`;
  language.classList.toggle('badge-outline', flagged);
  language.classList.toggle('badge-ghost', !flagged);
  language.classList.toggle('font-mono', name === code);
  if (name === code) language.dir = 'ltr';
  else language.removeAttribute('dir');
  language.title = fmt(t.series.languageName, { code: name });
  slot(group, 'label').textContent = fmt(t.series.chapter, { n });
  slot(group, 'title').textContent = ownChapterTitle(chapter.title, chapter.chapterNumber) ?? '';
  const team = slot(group, 'team');
  team.textContent = chapter.group ?? chapter.translator ?? '';
  team.hidden = !team.textContent;
  slot(group, 'views').textContent = fmtCount(t.series.views_count, chapter.views);
  slot(group, 'age').textContent =
    chapter.uploadedDays <= 0 ? t.series.today : fmtCount(t.series.daysAgo, chapter.uploadedDays);
  return group;
}

/** Fired on a list when groups were added to it, so that the read markers cover them too. */
const GROUPS_ADDED = 'warraq:chapter-groups-added';

/** Puts a group among the list's groups in number order, newest first. */
function placeGroup(groups: HTMLElement, group: HTMLElement): void {
  const number = Number(group.dataset.chapterNumber);
  const after = [...groups.querySelectorAll<HTMLElement>(':scope > [data-chapter-group]')].find(
    (other) => Number(other.dataset.chapterNumber) < number,
  );
  groups.insertBefore(group, after ?? null);
}

function groupOf(groups: HTMLElement, chapterNumber: string | number | undefined): HTMLElement | null {
  return groups.querySelector<HTMLElement>(
    `:scope > [data-chapter-group][data-chapter-number="${chapterNumber}"]`,
  );
}

/**
 * Adds the pending chapters only this reader may see (their uploads, or all for staff) to the cached
 * list, marked pending: into their number's group, else as a new group in number order.
 */
export function addPendingChapters(list: HTMLElement, chapters: readonly ChapterVariant[]): void {
  const template = list.querySelector<HTMLTemplateElement>('template[data-pending-chapter]');
  const groups = list.querySelector<HTMLElement>('[data-chapter-groups]');
  const pattern = list.dataset.chapterHref;
  if (!template || !groups || !pattern || chapters.length === 0) return;
  for (const chapter of chapters) {
    const group = pendingGroup(template, pattern, chapter);
    const variants = groupOf(groups, chapter.chapterNumber)?.querySelector('[data-chapter-variants]');
    const row = group.querySelector('[data-chapter-id]');
    if (variants && row) variants.append(row);
    else placeGroup(groups, group);
  }
  groups.hidden = false;
  list.querySelector('[data-chapter-empty]')?.remove();
}

/**
 * Adds the list's next groups (pages/chapter-groups/: the same items, ten below the last number the
 * page or an earlier load brought). A pending chapter of this reader shown alone under a number not
 * loaded yet joins its group. Resolves how many groups remain, or null when the load failed (said
 * in a toast; the button stays for another try).
 */
export async function loadMoreGroups(list: HTMLElement): Promise<number | null> {
  const groups = list.querySelector<HTMLElement>('[data-chapter-groups]');
  const base = list.dataset.moreHref;
  if (!groups || !base) return 0;
  const url = new URL(base, location.href);
  url.searchParams.set('before', list.dataset.before ?? '');
  try {
    const response = await fetch(url, { headers: { Accept: 'text/html' } });
    const remaining = Number(response.headers.get(GROUPS_REMAINING_HEADER));
    if (!response.ok || !Number.isInteger(remaining)) throw new Error(`chapter groups: ${response.status}`);
    const fragment = document.createElement('template');
    fragment.innerHTML = await response.text();
    // Its top-level items (`:scope` matches nothing in a fragment, which is not an element).
    const fetched = [...fragment.content.children].filter(
      (item): item is HTMLElement => item instanceof HTMLElement && item.matches('[data-chapter-group]'),
    );
    for (const group of fetched) {
      const pendingAlone = groupOf(groups, group.dataset.chapterNumber);
      if (pendingAlone) {
        group
          .querySelector('[data-chapter-variants]')
          ?.append(...pendingAlone.querySelectorAll('[data-chapter-variants] > [data-chapter-id]'));
        pendingAlone.remove();
      }
      placeGroup(groups, group);
    }
    const last = fetched.at(-1)?.dataset.chapterNumber;
    if (last) list.dataset.before = last;
    list.dispatchEvent(new Event(GROUPS_ADDED));
    return fetched.length === 0 ? 0 : remaining;
  } catch {
    showToast({ title: t.series.loadMoreFailed, variant: 'destructive' });
    return null;
  }
}

/** The read badges and the per-number buttons for the reader's read chapters, and their clicks. */
function showReadMarkers(list: HTMLElement, seriesId: number, initial: readonly number[]): void {
  let read = new Set(initial);
  const render = () => {
    for (const row of list.querySelectorAll<HTMLElement>('[data-chapter-groups] [data-chapter-id]')) {
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
  list.addEventListener(GROUPS_ADDED, render);

  list.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-mark]');
    if (!button || button.disabled) return;
    const body = markBody(
      button.dataset.mark as MarkKind,
      Number(button.dataset.number),
      button.dataset.groupRead === 'true',
    );
    button.disabled = true;
    import('@/lib/api/library')
      .then(({ markRead }) => markRead(seriesId, body))
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

/**
 * The signed-in reader's part of a series' chapter list, after the page is shown (the page itself is
 * the same for every visitor): their pending chapters, a "read" badge per chapter variant, and per
 * chapter number "read up to here" and read/unread. On a cached page it all comes with the page
 * state (one call); a page rendered for the reader (a series waiting for review) lists its pending
 * chapters itself and asks for the markers alone. A guest gets nothing and asks nothing.
 */
export function startChapterListState(list: HTMLElement): void {
  const seriesId = Number(list.dataset.seriesId);
  const html = document.documentElement;
  if (html.dataset.pageState === undefined) {
    if (html.dataset.viewer === 'guest') return;
    void import('@/lib/api/library')
      .then(({ fetchReadMarkers }) => fetchReadMarkers(seriesId))
      .then((ids) => showReadMarkers(list, seriesId, ids))
      .catch(() => undefined);
    return;
  }
  const stop = $pageState.subscribe((state) => {
    if (!state.ready) return;
    queueMicrotask(() => stop());
    if (!state.series) return;
    addPendingChapters(list, state.series.pendingChapters);
    showReadMarkers(list, seriesId, state.series.readChapterIds);
  });
}
