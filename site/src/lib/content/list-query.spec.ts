import { describe, expect, it } from '@jest/globals';
import { listApiQuery, listPageQuery, readListState } from './list-query';

describe('list page query (every filter goes to the server)', () => {
  it('reads search, category, status, sort and page, dropping unknown values', () => {
    const state = readListState(
      new URLSearchParams('search=%20الاكاديميه%20&category=fantasy&status=completed&sort=az&page=3'),
    );
    expect(state).toEqual({
      page: 3,
      search: 'الاكاديميه',
      category: 'fantasy',
      status: 'completed',
      sort: 'az',
      after: null,
      before: null,
    });
    expect(readListState(new URLSearchParams('category=x&status=y&sort=z&page=-1'))).toEqual({
      page: 1,
      search: '',
      category: null,
      status: null,
      sort: 'latest',
      after: null,
      before: null,
    });
  });

  it('sends the filters to GET /api/content with 10 per page', () => {
    const state = readListState(
      new URLSearchParams('search=a&category=drama&status=ongoing&sort=rating&page=2'),
    );
    expect(Object.fromEntries(listApiQuery(state))).toEqual({
      type: 'manga',
      page: '2',
      limit: '10',
      sort: 'rating',
      search: 'a',
      category: 'drama',
      seriesStatus: 'ongoing',
    });
  });

  it('writes page links without the defaults', () => {
    expect(listPageQuery(readListState(new URLSearchParams(''))).toString()).toBe('');
    expect(listPageQuery({ ...readListState(new URLSearchParams('sort=az')), page: 4 }).toString()).toBe(
      'sort=az&page=4',
    );
  });

  it('carries a keyset cursor to the server and into the page link, and drops a malformed one', () => {
    const state = readListState(new URLSearchParams('page=3&after=WzEsMl0'));
    expect(listApiQuery(state).get('after')).toBe('WzEsMl0');
    expect(listPageQuery(state).toString()).toBe('page=3&after=WzEsMl0');
    expect(readListState(new URLSearchParams('after=%3Cscript%3E')).after).toBeNull();
  });
});
