/**
 * Browser-side session hints (spec §3 local storage keys). They only choose what to render or where
 * to go next; the server never trusts them.
 */
export const PENDING_REDIRECT_KEY = 'warraq_pending_redirect';
export const DASHBOARD_URL_KEY = 'warraq_dashboard_url';
export const PREVIOUS_PAGE_KEY = 'warraq_previous_page';
const LOCAL_KEYS = [
  'user_id',
  'username',
  'is_admin',
  'current_subdomain',
  PENDING_REDIRECT_KEY,
  DASHBOARD_URL_KEY,
  // stores/page-state.ts's hint of who reads (a string here: that store is not loaded on every page).
  'warraq_viewer',
];

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function rememberSignIn(
  user: { id: number; username: string },
  isAdmin: boolean,
  siteType: string,
): void {
  safely(() => {
    localStorage.setItem('user_id', String(user.id));
    localStorage.setItem('username', user.username);
    localStorage.setItem('is_admin', String(isAdmin));
    localStorage.setItem('current_subdomain', siteType);
  }, undefined);
}

export function setPendingRedirect(target: string): void {
  safely(() => {
    localStorage.setItem(PENDING_REDIRECT_KEY, 'true');
    localStorage.setItem(DASHBOARD_URL_KEY, target);
  }, undefined);
}

export function hasPendingRedirect(): boolean {
  return safely(() => localStorage.getItem(PENDING_REDIRECT_KEY) === 'true', false);
}

export function clearPendingRedirect(): void {
  safely(() => localStorage.removeItem(PENDING_REDIRECT_KEY), undefined);
}

export function previousPage(): string | null {
  return safely(() => sessionStorage.getItem(PREVIOUS_PAGE_KEY), null);
}

export function clearLocalSession(): void {
  safely(() => LOCAL_KEYS.forEach((key) => localStorage.removeItem(key)), undefined);
}
