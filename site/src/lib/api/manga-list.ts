import { CONTENT_ROUTES, type SeriesType } from '@warraq/contracts';
import { api } from './client';

/** Spec §7 GET /api/manga (optional search and page): the add-chapter form's series choices. */
export function fetchMangaList(query: { search?: string; page?: number; type?: SeriesType | undefined }) {
  const search = query.search?.trim();
  return api(CONTENT_ROUTES.mangaList, {
    query: {
      search: search || undefined,
      page: query.page && query.page > 1 ? query.page : undefined,
      type: query.type === 'manga' ? undefined : query.type,
    },
  });
}
