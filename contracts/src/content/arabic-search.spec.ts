import { normalizeSearchText, slugify } from './arabic-search.js';

describe('Arabic search folding', () => {
  it('meets loose spellings of the same word', () => {
    const stored = normalizeSearchText('الأكاديمية');
    expect(normalizeSearchText('الاكاديميه')).toBe(stored);
    expect(stored).toContain(normalizeSearchText('اكاديميه'));
  });
  it.each([
    ['إمبراطور', 'امبراطور'],
    ['آخر', 'اخر'],
    ['ٱلقمر', 'القمر'],
    ['مستشفى', 'مستشفي'],
    ['مَكْتَبَةُ', 'مكتبه'],
    ['ســـيف', 'سيف'],
    ['الفصل ١٢', 'الفصل 12'],
    ['Solo  LEVELING', 'solo leveling'],
    ['ali\u200Bce\u202E', 'alice'],
  ])('%s folds to %s', (input, folded) => {
    expect(normalizeSearchText(input)).toBe(folded);
  });
});

describe('slugify (spec §2)', () => {
  it('lowercases, turns spaces to hyphens and drops non-word characters', () => {
    expect(slugify('Solo Leveling: Arise!')).toBe('solo-leveling-arise');
    expect(slugify('  سيف   الأكاديمية ')).toBe('سيف-الأكاديمية');
  });
});
