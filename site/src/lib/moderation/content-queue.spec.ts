import { describe, expect, it } from '@jest/globals';
import {
  FIRST_PAGES,
  contentListKey,
  contentListQuery,
  invalidatedBy,
  isNoOp,
  readFilters,
  settlePage,
} from './content-queue';

describe('content queue (spec §2 content management, §7 refetch rules)', () => {
  it('asks for page size 10, omits the type for all and a blank search', () => {
    expect(contentListQuery({ status: 'pending', type: 'all', search: '  ', page: 3 })).toEqual({
      status: 'pending',
      page: 3,
      limit: 10,
    });
    const filtered = contentListQuery({ status: 'rejected', type: 'novel', search: ' سيف ', page: 1 });
    expect(filtered.type).toBe('novel');
    expect(filtered.search).toBe('سيف');
  });

  it('keys every list under its tab, so an action can refresh one tab', () => {
    expect(contentListKey({ status: 'approved', type: 'manga', search: 'x', page: 2 })).toEqual([
      'content',
      'approved',
      'manga',
      'x',
      2,
    ]);
  });

  it('refreshes pending+approved after approve, pending+rejected after reject, all after delete', () => {
    expect(invalidatedBy('approve', 'pending')).toEqual([
      ['content', 'pending'],
      ['content', 'approved'],
      ['moderation', 'pending-count'],
    ]);
    expect(invalidatedBy('reject', 'pending')).toEqual([
      ['content', 'pending'],
      ['content', 'rejected'],
      ['moderation', 'pending-count'],
    ]);
    expect(invalidatedBy('delete', 'approved')).toEqual([
      ['content', 'pending'],
      ['content', 'approved'],
      ['content', 'rejected'],
      ['moderation', 'pending-count'],
    ]);
    // Approving from the rejected tab moves the item between those two tabs.
    expect(invalidatedBy('approve', 'rejected')).toEqual([
      ['content', 'approved'],
      ['content', 'rejected'],
      ['moderation', 'pending-count'],
    ]);
  });

  it('knows the actions that would leave an item where it is', () => {
    expect(isNoOp('approve', 'approved')).toBe(true);
    expect(isNoOp('reject', 'rejected')).toBe(true);
    expect(isNoOp('approve', 'rejected')).toBe(false);
    expect(isNoOp('delete', 'pending')).toBe(false);
  });

  it('keeps each tab its page unless the filtered answer has fewer pages', () => {
    const pages = { ...FIRST_PAGES, pending: 4, approved: 2 };
    expect(settlePage(pages, 'pending', 6)).toBe(pages);
    expect(settlePage(pages, 'pending', 2)).toEqual({ pending: 2, approved: 2, rejected: 1 });
    // No results at all: the page stays, the empty message shows.
    expect(settlePage(pages, 'approved', 0)).toBe(pages);
  });

  it('reads ?tab= and ?type=, falling back to pending and all', () => {
    expect(readFilters(new URLSearchParams('tab=rejected&type=manhwa'))).toEqual({
      tab: 'rejected',
      type: 'manhwa',
    });
    expect(readFilters(new URLSearchParams('tab=bogus&type=comics'))).toEqual({
      tab: 'pending',
      type: 'all',
    });
  });
});
