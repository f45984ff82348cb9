import { describe, expect, it } from '@jest/globals';
import type { ChapterVariant } from '@warraq/contracts';
import {
  blankVariant,
  feedChapterNumber,
  firstChapterNumber,
  formatChapterNumber,
  groupChapters,
  groupsBelow,
  languageBadge,
  languageName,
  parseChapterCursor,
  typedChapterNumber,
  variantLabel,
} from './chapter-groups';

function variant(
  id: number,
  chapterNumber: number,
  language: ChapterVariant['language'] = 'AR',
): ChapterVariant {
  return blankVariant({ id, chapterNumber, chapter_number: chapterNumber, language, pageCount: 1 });
}

describe('groupChapters (spec §2: chapters grouped by number)', () => {
  it('groups variants of one number, newest number first, keeping variant order', () => {
    const groups = groupChapters([variant(1, 1), variant(2, 2, 'EN'), variant(3, 1.5), variant(4, 2, 'AR')]);
    expect(groups.map((group) => group.chapterNumber)).toEqual([2, 1.5, 1]);
    expect(groups[0]?.variants.map((v) => v.id)).toEqual([2, 4]);
  });

  it('returns no groups for no chapters', () => {
    expect(groupChapters([])).toEqual([]);
    expect(firstChapterNumber([])).toBeNull();
  });

  it('finds the first chapter number', () => {
    expect(firstChapterNumber([variant(1, 3), variant(2, 0.5), variant(3, 1)])).toBe(0.5);
  });
});

describe('languageBadge', () => {
  it('flags the spec languages and falls back to a globe for others', () => {
    expect(languageBadge('EN')).toEqual({ code: 'EN', flagged: true });
    expect(languageBadge('pt')).toEqual({ code: 'PT', flagged: true });
    expect(languageBadge('JP')).toEqual({ code: 'JP', flagged: false });
  });
});

describe('languageName and variantLabel', () => {
  it('name a variant in Arabic: its language, then its group or translator', () => {
    expect(languageName('en')).toBe('الإنجليزية');
    // A language the catalogue does not name stays its code.
    expect(languageName('xx')).toBe('XX');
    expect(variantLabel({ language: 'AR', group: 'فريق ورّاق' })).toBe('العربية · فريق ورّاق');
    expect(variantLabel({ language: 'EN', group: null, translator: 'Inkwell' })).toBe('الإنجليزية · Inkwell');
    expect(variantLabel({ language: 'FR' })).toBe('الفرنسية');
  });
});

describe('feedChapterNumber', () => {
  it("names a chapter's number unrounded, with its language unless it is Arabic", () => {
    expect(feedChapterNumber(1.5, 'AR')).toBe('١٫٥');
    expect(feedChapterNumber(12, null)).toBe('١٢');
    // One number read in two languages reads as two chapters, not as the same one twice.
    expect(feedChapterNumber(1, 'EN')).toBe('١ (الإنجليزية)');
    expect(feedChapterNumber(2.25, 'ko')).toBe('٢٫٢٥ (الكورية)');
  });
});

describe('formatChapterNumber', () => {
  it('writes decimals without trailing zeros', () => {
    expect(formatChapterNumber(1)).toBe('1');
    expect(formatChapterNumber(1.5)).toBe('1.5');
    expect(formatChapterNumber(12.25)).toBe('12.25');
  });
});

describe('the list fragment: groups below a chapter number', () => {
  const chapters = [
    variant(1, 1),
    variant(2, 2),
    variant(3, 2.5),
    variant(4, 3),
    variant(5, 3, 'EN'),
    variant(6, 4),
  ];

  it('sends the next groups below the number, all variants of each, and how many remain', () => {
    const { groups, remaining } = groupsBelow(chapters, 4, 2);
    expect(groups.map((group) => group.chapterNumber)).toEqual([3, 2.5]);
    expect(groups[0]?.variants.map((v) => v.id)).toEqual([4, 5]);
    expect(remaining).toBe(2);
    expect(groupsBelow(chapters, 2, 2)).toEqual({
      groups: [{ chapterNumber: 1, variants: [chapters[0]] }],
      remaining: 0,
    });
    expect(groupsBelow(chapters, 1, 10)).toEqual({ groups: [], remaining: 0 });
  });

  it('takes a chapter number as the database holds one, and nothing else', () => {
    expect(parseChapterCursor('12')).toBe(12);
    expect(parseChapterCursor('10.5')).toBe(10.5);
    expect(parseChapterCursor('999999.99')).toBe(999999.99);
    for (const bad of [null, '', 'abc', '-1', '1e5', '1234567', '1.234', ' 5', '5 ', '0x10', 'Infinity']) {
      expect(parseChapterCursor(bad)).toBeNull();
    }
  });

  it('reads a chapter number as a reader types it, in either digit system', () => {
    expect(typedChapterNumber('12')).toBe(12);
    expect(typedChapterNumber(' ١٢ ')).toBe(12);
    expect(typedChapterNumber('١٢٫٥')).toBe(12.5);
    expect(typedChapterNumber('۱۲.۵')).toBe(12.5);
    for (const bad of ['', 'الفصل ١٢', '12-13', '-1', '١,٥', '1234567']) {
      expect([bad, typedChapterNumber(bad)]).toEqual([bad, null]);
    }
  });
});
