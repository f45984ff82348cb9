import { defaultChapterTitle, ownChapterTitle } from './chapter-title.js';

describe('chapter titles', () => {
  it('writes the default title in Arabic-Indic digits', () => {
    expect(defaultChapterTitle(3)).toBe('الفصل ٣');
    expect(defaultChapterTitle(1.5)).toBe('الفصل ١٫٥');
  });

  it('drops a title that only repeats the label, in either digits or language', () => {
    expect(ownChapterTitle('الفصل 3', 3)).toBeNull();
    expect(ownChapterTitle(defaultChapterTitle(3), 3)).toBeNull();
    expect(ownChapterTitle(defaultChapterTitle(1.5), 1.5)).toBeNull();
    expect(ownChapterTitle('Chapter 2', 2)).toBeNull();
    expect(ownChapterTitle('Ch. 7', 7)).toBeNull();
    expect(ownChapterTitle('الفصل 4', 3)).toBe('الفصل 4');
    expect(ownChapterTitle('الفصل ٣: العودة', 3)).toBe('الفصل ٣: العودة');
    expect(ownChapterTitle('  ', 1)).toBeNull();
  });
});
