/*
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
 * The edge applies the same list: `infra/nginx/routes.conf` has two locations whose regexes are
 * SERIES_DOCUMENT_PATTERN's and PUBLIC_DOCUMENT_PATTERN's sources, in that order
 * (public-documents.spec.ts checks they are the same text).
 */
/**
 * Series pages and chapters: everything under their folder (the site has no deeper page there; a
 * deeper path is a 404 for everyone). The edge tests this one first, as it never walks the slug.
 */
export const SERIES_DOCUMENT_PATTERN = /^\/series\/manga\//;

/** The other public documents, and the series list itself. */
export const PUBLIC_DOCUMENT_PATTERN =
  /^\/(?:|latest|search|manga|manhua|manhwa|novel|series\/manga|(?:manga|manhua|manhwa|novel)\/(?:browse|latest|popular|trending|completed|category\/[^/]+)|(?:manhua|manhwa|novel)\/(?!(?:updates|browse|latest|popular|trending|completed|category)\/?$)[^/]+(?:\/details)?|(?:manhua|manhwa|novel)\/[^/]+\/chapter\/[^/]+|chapter-groups\/[^/]+)\/?$/;

/** Whether `path` (no query) names a public document. */
export function isPublicDocument(path: string): boolean {
  return SERIES_DOCUMENT_PATTERN.test(path) || PUBLIC_DOCUMENT_PATTERN.test(path);
}

/** The answer header that tells the edge a page was rendered for one reader: it never stores it. */
export const PERSONAL_HEADER = 'X-Warraq-Personal';
