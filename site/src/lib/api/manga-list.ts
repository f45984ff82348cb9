import { MangaListResponseSchema } from '@warraq/contracts';
import { apiRequest } from './client';

/** Spec §7 GET /api/manga (optional search and page): the add-chapter form's series choices. */
export function fetchMangaList(query: { search?: string; page?: number }) {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return apiRequest('GET', `/api/manga${search ? `?${search}` : ''}`, MangaListResponseSchema);
}
