import { describe, expect, it } from '@jest/globals';
import type { UpdateGroup } from '@warraq/contracts';
import { appendGroups, ownTitle } from './updates-groups';

const group = (seriesId: number, chapterIds: number[]): UpdateGroup => ({
  series: {
    id: seriesId,
    slug: `s${seriesId}`,
    title: `s${seriesId}`,
    coverUrl: null,
    coverRenditions: [],
    path: `/series/manga/s${seriesId}`,
  },
  chapters: chapterIds.map((id) => ({
    id,
    number: id,
    title: null,
    language: 'AR',
    group: null,
    publishedAt: '2026-01-01T00:00:00.000Z',
    read: false,
    path: `/series/manga/s${seriesId}/${id}?variant=${id}`,
  })),
});

describe('the updates feed', () => {
  it('keeps a series that runs across a page break as one group', () => {
    const shown = appendGroups([group(1, [9]), group(2, [8, 7])], [group(2, [6]), group(3, [5])]);
    expect(shown.map((g) => [g.series.id, g.chapters.map((c) => c.id)])).toEqual([
      [1, [9]],
      [2, [8, 7, 6]],
      [3, [5]],
    ]);
  });

  it('shows a title only when it says more than the number', () => {
    expect(ownTitle('الفصل 3', 3)).toBeNull();
    expect(ownTitle('Chapter 2', 2)).toBeNull();
    expect(ownTitle('الفصل 3: العودة', 3)).toBe('الفصل 3: العودة');
    expect(ownTitle('البداية', 1)).toBe('البداية');
    expect(ownTitle(null, 1)).toBeNull();
  });
});
