import { describe, expect, it } from '@jest/globals';
import {
  ChapterFormSchema,
  defaultChapterTitle,
  EMPTY_CHAPTER_FORM,
  fieldOfServerError,
  parseChapterNumber,
  toDeclareBody,
} from './chapter-form';

describe('chapter number (spec §5: decimals like 1.5)', () => {
  it('reads decimals and any keyboard’s digits', () => {
    expect(parseChapterNumber('1.5')).toBe(1.5);
    expect(parseChapterNumber(' 12 ')).toBe(12);
    expect(parseChapterNumber('١٫٥')).toBe(1.5);
    expect(parseChapterNumber('۲۳')).toBe(23);
    expect(parseChapterNumber('1,5')).toBe(1.5);
  });

  it('refuses what is not a chapter number', () => {
    for (const text of ['', 'abc', '-1', '1.2.3', '1e3', '1.234'])
      expect(parseChapterNumber(text)).toBeNull();
  });

  it('gives the spec messages for a missing series, number and a bad number', () => {
    const result = ChapterFormSchema.safeParse({ ...EMPTY_CHAPTER_FORM, chapterNumber: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['mangaId', 'يرجى اختيار المانجا'],
        ['chapterNumber', 'يرجى إدخال رقم الفصل'],
      ]),
    );
    const bad = ChapterFormSchema.safeParse({ ...EMPTY_CHAPTER_FORM, mangaId: '3', chapterNumber: 'x' });
    expect(bad.error?.issues[0]?.message).toBe('رقم فصل غير صالح');
  });
});

describe('title default', () => {
  it("is 'الفصل {n}' for a valid number and empty otherwise", () => {
    expect(defaultChapterTitle('1.50')).toBe('الفصل ١٫٥');
    expect(defaultChapterTitle('٧')).toBe('الفصل ٧');
    expect(defaultChapterTitle('')).toBe('');
  });
});

describe('declare body', () => {
  it('carries the chapter, the numbers and the files, with blanks left out and the default title', () => {
    const body = toDeclareBody(
      { ...EMPTY_CHAPTER_FORM, mangaId: '42', chapterNumber: '١٫٥', language: 'EN', translationGroup: '  ' },
      'zip',
      [{ name: 'c.zip', size: 4_000_000, type: 'application/zip' }],
      40,
    );
    expect(body).toEqual({
      mangaId: 42,
      chapterNumber: 1.5,
      title: 'الفصل ١٫٥',
      language: 'EN',
      translationGroup: undefined,
      notes: undefined,
      pageCount: 40,
      uploadMethod: 'zip',
      files: [{ name: 'c.zip', size: 4_000_000, type: 'application/zip' }],
    });
  });

  it('puts the server’s field errors on the form’s inputs or the file area', () => {
    expect(fieldOfServerError('chapterNumber')).toBe('chapterNumber');
    expect(fieldOfServerError('files.3.size')).toBe('files');
    expect(fieldOfServerError('uploadMethod')).toBe('files');
    expect(fieldOfServerError('somethingElse')).toBeNull();
    expect(fieldOfServerError('seriesId')).toBe('mangaId');
    expect(fieldOfServerError('text')).toBe('text');
    expect(fieldOfServerError('text.blocks.3')).toBe('text');
  });
});
