import {
  chapterItemTitle,
  chapterPath,
  seriesPath,
  toModerationItem,
  type QueueRow,
} from './moderation-queue.mapper';

const row = (overrides: Partial<QueueRow> = {}): QueueRow => ({
  content_type: 'chapter',
  id: 42,
  type: 'manhwa',
  creator: null,
  created_at: '2025-12-20T10:00:00.000Z',
  status: 'pending',
  series_id: 7,
  slug: 'سيف-الريح',
  series_title: 'سيف الريح',
  number: 12.5,
  language: 'EN',
  page_count: 18,
  review_action: null,
  review_by: null,
  review_at: null,
  review_note: null,
  ...overrides,
});

describe('moderation mapper', () => {
  it('names a chapter by its series and number, as the reader writes numbers', () => {
    expect(chapterItemTitle('سيف الريح', 3)).toBe('سيف الريح — الفصل ٣');
    expect(chapterItemTitle('سيف الريح', 12.5)).toBe('سيف الريح — الفصل ١٢٫٥');
  });

  it("links a series to its page and a chapter to its exact variant in the reader, on its type's site", () => {
    expect(seriesPath('manga', 'a b')).toBe('/series/manga/a%20b');
    expect(chapterPath('manga', 'abc', 12.5, 42)).toBe('/series/manga/abc/12.5?variant=42');
    expect(chapterPath('manga', 'abc', 3, 9)).toBe('/series/manga/abc/3?variant=9');
    expect(seriesPath('novel', 'a b')).toBe('/novel/a%20b');
    expect(chapterPath('manhwa', 'abc', 3.5, 9)).toBe('/manhwa/abc/chapter/3.5?variant=9');
  });

  it("shows 'غير معروف' for a creator whose account is gone, and no review before a decision", () => {
    const item = toModerationItem(row());
    expect(item.creator).toBe('غير معروف');
    expect(item.review).toBeNull();
    expect(item).toMatchObject({ chapterNumber: 12.5, language: 'EN', pageCount: 18, type: 'manhwa' });
  });

  it('gives a series no chapter fields, and carries the last decision', () => {
    const item = toModerationItem(
      row({
        content_type: 'series',
        id: 7,
        creator: 'reader1',
        number: null,
        language: null,
        page_count: null,
        status: 'rejected',
        review_action: 'reject',
        review_by: 'mod',
        review_at: new Date('2025-12-21T08:00:00.000Z'),
        review_note: 'سبب',
      }),
    );
    expect(item).toMatchObject({
      title: 'سيف الريح',
      creator: 'reader1',
      chapterNumber: null,
      language: null,
      pageCount: null,
      path: `/manhwa/${encodeURIComponent('سيف-الريح')}`,
      review: { action: 'reject', by: 'mod', at: '2025-12-21T08:00:00.000Z', note: 'سبب' },
    });
  });
});
