import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUEST_PAGE_STATE } from '@warraq/contracts';
import { PUBLIC_DOCUMENT_PATTERN, SERIES_DOCUMENT_PATTERN, isPublicDocument } from './public-documents';

describe('public documents: one list, for the site and the edge', () => {
  it('names home, list, series pages and image chapters of every type', () => {
    for (const path of [
      '/',
      '/manga',
      '/manhwa',
      '/novel/',
      '/latest',
      '/search',
      '/series/manga',
      '/manga/browse',
      '/manhwa/browse',
      '/manhua/latest',
      '/novel/popular',
      '/manhwa/trending',
      '/manga/completed',
      '/manhwa/category/action',
      '/series/manga/sword',
      '/series/manga/sword/',
      '/series/manga/sword/12',
      '/series/manga/%D8%B3%D9%8A%D9%81/1.5',
      // No page lives deeper: the site's 404, the same for everyone.
      '/series/manga/sword/1/extra',
      '/manhwa/palace',
      '/manhwa/palace/details',
      '/manhua/palace/chapter/3',
      '/novel/lighthouse/chapter/1',
      '/novel/lighthouse',
      '/novel/lighthouse/details',
      '/chapter-groups/lighthouse',
    ]) {
      expect([path, isPublicDocument(path)]).toEqual([path, true]);
    }
  });

  it('leaves personal pages rendered per reader', () => {
    for (const path of [
      '/settings',
      '/profile',
      '/account',
      '/dashboard',
      '/admin/logs',
      '/notifications',
      '/updates',
      '/manhwa/updates',
      '/novel/updates',
      '/follows',
      '/library',
      '/recent',
      '/create/manga',
      '/upload/chapter',
      '/login',
      '/community',
      '/random',
      '/manhwa/category',
      '/manhwa/category/action/2',
      '/api/me/page-state',
      '/chapter-groups',
      '/chapter-groups/lighthouse/2',
    ]) {
      expect([path, isPublicDocument(path)]).toEqual([path, false]);
    }
  });

  const conf = readFileSync(join(__dirname, '../../../../infra/nginx/routes.conf'), 'utf8');

  it("is the very regexes of the edge's public-document locations, series first", () => {
    const regexes = [...conf.matchAll(/location ~ "(\^[^"]+)" \{\s*# public documents/g)].map((m) => m[1]);
    const firstTopLevel = conf.search(/^location ~ /m);
    expect(regexes).toEqual(
      [SERIES_DOCUMENT_PATTERN, PUBLIC_DOCUMENT_PATTERN].map((pattern) =>
        pattern.source.replaceAll('\\/', '/'),
      ),
    );
    // nginx tests top-level regex locations in the order they are written: the series pages' first.
    expect(conf.indexOf(`location ~ "${regexes[0]}"`)).toBe(firstTopLevel);
  });

  it("the edge's own answer to a guest's page-state call is the contracts' guest answer", () => {
    const match = /location = \/api\/me\/page-state \{[\s\S]*?return 200 '([^']+)';/.exec(conf);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual(GUEST_PAGE_STATE);
  });
});
