/**
 * Public documents: the pages that are the same HTML for every reader, guest or signed in — a
 * series page and an image chapter — so the edge keeps one copy for everyone, whatever cookie comes
 * with the request. What is personal on them (greeting, bell, like, favourite, rating, progress,
 * moderator controls) arrives after the page shows, by `GET /api/me/page-state` (stores/page-state.ts).
 *
 * Every other page (settings, profile, upload and create forms, dashboard, admin, notifications,
 * follows and updates, the novel reader with its per-reader settings) stays rendered per reader.
 *
 * The edge applies the same list: `infra/nginx/routes.conf` has one location whose regex is
 * PUBLIC_DOCUMENT_PATTERN's source (public-documents.spec.ts checks they are the same text).
 */
export const PUBLIC_DOCUMENT_PATTERN =
  /^\/(?:series\/manga\/[^/]+(?:\/[^/]+)?|(?:manhua|manhwa|novel)\/(?!(?:updates|browse|latest|popular|trending|completed|category)\/?$)[^/]+(?:\/details)?|(?:manhua|manhwa)\/[^/]+\/chapter\/[^/]+)\/?$/;

/** Whether `path` (no query) names a public document. */
export function isPublicDocument(path: string): boolean {
  return PUBLIC_DOCUMENT_PATTERN.test(path);
}

/** The answer header that tells the edge a page was rendered for one reader: it never stores it. */
export const PERSONAL_HEADER = 'X-Warraq-Personal';
