/**
 * Public documents: the pages that are the same HTML for every reader, guest or signed in — each
 * reading site's home (and the main landing at `/`), its list pages (browse, latest, popular,
 * trending, completed, a category, search), a series page and a chapter, images or text, and the
 * series page's further chapter groups (pages/chapter-groups/) — so the edge keeps one copy for
 * everyone, whatever cookie comes with the request. What is personal on them
 * (greeting, bell, menu, like, favourite, rating, follow, shelf, progress, read markers, pending
 * chapters, novel reader settings, moderator controls) arrives after the page shows, by
 * `GET /api/me/page-state` (stores/page-state.ts).
 *
 * Every other page (settings, profile, upload and create forms, dashboard, admin, notifications,
 * follows, library, recent and updates, community) stays rendered per reader.
 *
 * The edge applies the same list: `infra/nginx/routes.conf` has one location whose regex is
 * PUBLIC_DOCUMENT_PATTERN's source (public-documents.spec.ts checks they are the same text).
 */
export const PUBLIC_DOCUMENT_PATTERN =
  /^\/(?:|latest|search|manga|manhua|manhwa|novel|series\/manga(?:\/[^/]+(?:\/[^/]+)?)?|(?:manga|manhua|manhwa|novel)\/(?:browse|latest|popular|trending|completed|category\/[^/]+)|(?:manhua|manhwa|novel)\/(?!(?:updates|browse|latest|popular|trending|completed|category)\/?$)[^/]+(?:\/details)?|(?:manhua|manhwa|novel)\/[^/]+\/chapter\/[^/]+|chapter-groups\/[^/]+)\/?$/;

/** Whether `path` (no query) names a public document. */
export function isPublicDocument(path: string): boolean {
  return PUBLIC_DOCUMENT_PATTERN.test(path);
}

/** The answer header that tells the edge a page was rendered for one reader: it never stores it. */
export const PERSONAL_HEADER = 'X-Warraq-Personal';
