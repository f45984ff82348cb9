import { atom } from 'nanostores';
import type { PageSeriesState, PageStateResponse, PageViewer } from '@warraq/contracts';
import { rememberNumerals, storedNumerals } from '@/stores/numerals';

/**
 * The reader's part of a public document (lib/site/public-documents.ts), from its one call to
 * `GET /api/me/page-state` made as the page starts. Islands read it (the Personal* islands, ui/page-state.tsx) and the
 * page's signed-in-only and guest-only parts show by `<html data-viewer>` (styles/global.css).
 * Before the answer, `ready` is false and every island shows what a guest sees; `<html data-page-state>`
 * goes from `pending` (the server's) to `ready`.
 */
export type PageState =
  | { ready: false }
  | { ready: true; viewer: PageViewer | null; unread: number; series: PageSeriesState | null };

export const $pageState = atom<PageState>({ ready: false });

/** This browser's last answer (`user` or `staff`), read by theme-boot.js before the first paint. */
export const VIEWER_HINT_KEY = 'warraq_viewer';

function viewerKind(viewer: PageViewer | null): 'guest' | 'user' | 'staff' {
  if (!viewer) return 'guest';
  return viewer.isStaff ? 'staff' : 'user';
}

function remember(kind: 'guest' | 'user' | 'staff'): void {
  try {
    if (kind === 'guest') localStorage.removeItem(VIEWER_HINT_KEY);
    else localStorage.setItem(VIEWER_HINT_KEY, kind);
  } catch {
    // Storage may be refused (private mode): only the next page's first paint is affected.
  }
}

/** A light check of the answer (the platform validated it against the contract before sending it). */
function isPageState(value: unknown): value is PageStateResponse {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<PageStateResponse>;
  return answer.success === true && typeof answer.unread === 'number' && 'viewer' in answer;
}

/** Asks once for the reader's state on this page (a series and chapter, when the page has them). */
export async function loadPageState(query: { contentId?: number; chapterId?: number }): Promise<void> {
  const params = new URLSearchParams();
  if (query.contentId) params.set('contentId', String(query.contentId));
  if (query.chapterId) params.set('chapterId', String(query.chapterId));
  const search = params.toString();
  let answer: unknown = null;
  try {
    const response = await fetch(`/api/me/page-state${search ? `?${search}` : ''}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (response.ok) answer = await response.json();
  } catch {
    answer = null;
  }
  // A failed call leaves the page as a guest's (its actions still ask the reader to sign in).
  const state = isPageState(answer) ? answer : { viewer: null, unread: 0, series: null };
  const kind = viewerKind(state.viewer);
  document.documentElement.dataset.viewer = kind;
  // The theme switcher saves a signed-in reader's choice to their account (it reads this on click);
  // a page's static text names the reader where it greets them (the landing's header and call).
  if (state.viewer) {
    for (const name of document.querySelectorAll<HTMLElement>('[data-viewer-name]')) {
      name.textContent = state.viewer.username;
    }
    for (const group of document.querySelectorAll<HTMLElement>('[data-theme-switcher]')) {
      group.dataset.userId = String(state.viewer.id);
    }
  }
  remember(kind);
  // A cached page knows the reader's digits only from this browser's copy (theme-boot.js); when the
  // reader chose otherwise on another site or device, the page is written again in their system.
  const numerals = state.viewer?.numerals;
  if (numerals && rememberNumerals(numerals) && storedNumerals() === numerals) {
    window.location.reload();
    return;
  }
  $pageState.set({ ready: true, viewer: state.viewer, unread: state.unread, series: state.series });
  // Islands have re-rendered for the reader by now (nanostores notifies at once).
  document.documentElement.dataset.pageState = 'ready';
}
