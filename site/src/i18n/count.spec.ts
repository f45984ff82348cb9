import { describe, expect, it } from '@jest/globals';
import { fmtCompactCount, fmtCount, t } from './index';
import * as catalogue from './ar.json';
import { formatCompact } from '@/lib/format/format';

const likes = t.comments.likes;

describe('a count with its Arabic plural form (fmtCount)', () => {
  it.each([
    [0, 'لا إعجابات'],
    [1, 'إعجاب واحد'],
    [2, 'إعجابان'],
    [3, '٣ إعجابات'],
    [10, '١٠ إعجابات'],
    [11, '١١ إعجابًا'],
    [99, '٩٩ إعجابًا'],
    [100, '١٠٠ إعجاب'],
    [102, '١٠٢ إعجاب'],
    [103, '١٠٣ إعجابات'],
    [111, '١١١ إعجابًا'],
    [1000, '١٬٠٠٠ إعجاب'],
  ])('%i → «%s»', (n, expected) => {
    expect(fmtCount(likes, n)).toBe(expected);
  });

  it('gives zero its own form, never «٠ نقطة»', () => {
    expect(fmtCount(t.profile.points, 0)).toBe('لا نقاط');
    expect(fmtCount(t.profile.points, 5)).toBe('٥ نقاط');
  });

  it('fills the form’s other placeholders', () => {
    expect(fmtCount(t.chapterForm.progress.pages, 4, { processed: '٢' })).toBe('٢ من ٤ صفحات');
    expect(fmtCount(t.chapterForm.progress.pages, 2, { processed: '١' })).toBe('١ من صفحتين');
  });

  it('writes an abbreviated count with the noun the hundreds take («١٫٤ ألف مشاهدة»)', () => {
    expect(fmtCompactCount(t.manga.views, 7)).toBe('٧ مشاهدات');
    // The abbreviation is Intl's («١٫٤ ألف», with a no-break space); the noun after it is ours.
    expect(fmtCompactCount(t.manga.views, 1450)).toBe(`${formatCompact(1450)} مشاهدة`);
    expect(formatCompact(1450)).toMatch(/^١٫٤\sألف$/);
    expect(fmtCompactCount(t.manga.views, 2_500_000)).toBe(`${formatCompact(2_500_000)} مشاهدة`);
  });
});

/** Every group of the catalogue keyed by the six plural categories. */
function countForms(node: unknown, path: string[] = []): [string, Record<string, unknown>][] {
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  if ('few' in record && 'many' in record) return [[path.join('.'), record]];
  return Object.entries(record).flatMap(([key, value]) => countForms(value, [...path, key]));
}

describe('the catalogue’s count forms', () => {
  const groups = countForms(catalogue).filter(([path]) => !path.startsWith('default'));

  it('are found (the test reads them)', () => {
    expect(groups.map(([path]) => path)).toEqual(
      expect.arrayContaining(['comments.likes', 'profile.points', 'series.daysAgo']),
    );
  });

  it.each(groups)('%s has all six forms, with the number where Arabic writes it', (_, forms) => {
    expect(Object.keys(forms).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    // 3–10 and 11–99 and 100+ are written with the figure; 1 and 2 are words (واحد، ـان).
    for (const form of ['few', 'many', 'other'] as const) expect(forms[form]).toContain('{n}');
    for (const form of ['one', 'two'] as const) expect(forms[form]).not.toContain('{n}');
  });
});
