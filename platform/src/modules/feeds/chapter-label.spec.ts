import { chapterLabel } from './feeds.service';

describe('a feed entry names its chapter once, in Arabic-Indic digits', () => {
  it('labels a chapter by number, with its own title after it', () => {
    expect(chapterLabel({ number: 3, title: 'العودة' })).toBe('الفصل ٣: العودة');
    expect(chapterLabel({ number: 12, title: null })).toBe('الفصل ١٢');
  });

  it('leaves out a default title that repeats the label («الفصل 1: الفصل 1»)', () => {
    expect(chapterLabel({ number: 1, title: 'الفصل 1' })).toBe('الفصل ١');
    expect(chapterLabel({ number: 2, title: 'Chapter 2' })).toBe('الفصل ٢');
  });
});
