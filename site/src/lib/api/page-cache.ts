/**
 * Lets the edge keep a guest's copy of a reading page for a few seconds (spec: a newly approved
 * chapter shows within 5 s). Signed-in answers stay private: the middleware marks them no-store.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

export function cachePublicPage(
  response: { status?: number | undefined; headers: Headers },
  signedIn: boolean,
): void {
  if (!signedIn && (response.status ?? 200) === 200) response.headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
}
