import { fieldErrors } from '../common/errors.schemas.js';
import { NOVEL_TEXT_LIMITS } from './novel-text.constants.js';
import { NOVEL_TEXT_MESSAGES } from './novel-text.messages.js';
import { NovelTextSchema, TextChapterBodySchema } from './novel-text.schemas.js';
import type { NovelBlock } from './novel-text.structure.js';

const paragraph = (text: string): NovelBlock => ({ type: 'paragraph', runs: [{ text }] });
const doc = (blocks: unknown[]) => ({ version: 1, blocks });

function errorsOf(value: unknown): Record<string, string[]> {
  const result = NovelTextSchema.safeParse(value);
  if (result.success) throw new Error('expected the text to be refused');
  return fieldErrors(result.error);
}

describe('NovelTextSchema', () => {
  it('accepts paragraphs, dialogue and scene breaks with emphasised and strong runs', () => {
    const text = doc([
      { type: 'paragraph', runs: [{ text: 'كان الليل ' }, { text: 'طويلًا', emphasis: true, strong: true }] },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
    ]);
    expect(NovelTextSchema.parse(text)).toEqual(text);
  });

  it('keeps HTML and script as the characters they are: text, never markup', () => {
    const text = doc([paragraph('<script>alert(1)</script><b onclick="x()">عريض</b>')]);
    expect(NovelTextSchema.parse(text)).toEqual(text);
  });

  it.each([
    ['an HTML block', doc([{ type: 'html', html: '<p>نص</p>' }])],
    ['a run with a link', doc([{ type: 'paragraph', runs: [{ text: 'نص', href: 'https://example.com' }] }])],
    ['a run with a style', doc([{ type: 'paragraph', runs: [{ text: 'نص', style: 'color:red' }] }])],
    ['a block with attributes', doc([{ type: 'paragraph', runs: [{ text: 'نص' }], class: 'x' }])],
    ['a scene break with text', doc([{ type: 'scene-break', runs: [{ text: 'نص' }] }])],
    ['a document with more', { version: 1, blocks: [paragraph('نص')], html: '<p>نص</p>' }],
    ['HTML instead of the structure', '<p>نص</p>'],
    ['another version', { version: 2, blocks: [paragraph('نص')] }],
    ['a run that is not text', doc([{ type: 'paragraph', runs: [{ text: 5 }] }])],
  ])('refuses %s', (_what, value) => {
    expect(NovelTextSchema.safeParse(value).success).toBe(false);
  });

  it('refuses an empty chapter, and one of only spaces and invisible characters', () => {
    expect(errorsOf(doc([]))).toEqual({ blocks: [NOVEL_TEXT_MESSAGES.empty] });
    expect(errorsOf(doc([paragraph(' \u200b\u200f\u202e '), { type: 'scene-break' }]))).toEqual({
      blocks: [NOVEL_TEXT_MESSAGES.empty],
    });
  });

  it('refuses 2 MB of text, saying to split it', () => {
    const line = 'كلمة '.repeat(200);
    const blocks = Array.from({ length: Math.ceil((2 * 1024 * 1024) / (line.length * 2)) }, () =>
      paragraph(line),
    );
    expect(errorsOf(doc(blocks)).blocks).toEqual([NOVEL_TEXT_MESSAGES.tooLong]);
  });

  it('accepts a long real chapter: 10,000 Arabic words in 400 paragraphs', () => {
    const blocks = Array.from({ length: 400 }, () => paragraph('كلمات عربية طويلة نوعًا ما '.repeat(6)));
    expect(NovelTextSchema.safeParse(doc(blocks)).success).toBe(true);
  });

  it('refuses too many blocks, an overlong paragraph and too many runs', () => {
    expect(
      errorsOf(doc(Array.from({ length: NOVEL_TEXT_LIMITS.maxBlocks + 1 }, () => paragraph('نص')))).blocks,
    ).toEqual([NOVEL_TEXT_MESSAGES.tooManyBlocks]);
    expect(
      errorsOf(doc([paragraph('نص'), paragraph('ب'.repeat(NOVEL_TEXT_LIMITS.maxParagraphChars + 1))])),
    ).toEqual({
      'blocks.1': [NOVEL_TEXT_MESSAGES.paragraphTooLong(2)],
    });
    const choppy = Array.from({ length: NOVEL_TEXT_LIMITS.maxRunsPerBlock + 1 }, (_, i) => ({
      text: 'ن',
      emphasis: i % 2 === 0,
    }));
    expect(errorsOf(doc([{ type: 'paragraph', runs: choppy }]))).toEqual({
      'blocks.0.runs': [NOVEL_TEXT_MESSAGES.tooManyRuns],
    });
  });
});

describe('TextChapterBodySchema', () => {
  const text = doc([paragraph('كان الليل طويلًا')]);

  it('takes the add-chapter fields with the text as structure', () => {
    expect(TextChapterBodySchema.parse({ seriesId: '7', chapterNumber: '1.5', title: ' ', text })).toEqual({
      seriesId: 7,
      chapterNumber: 1.5,
      language: 'AR',
      title: undefined,
      translationGroup: undefined,
      notes: undefined,
      text,
    });
  });

  it('names the novel and the text when they are missing or HTML', () => {
    const result = TextChapterBodySchema.safeParse({ chapterNumber: 1, text: '<p>نص</p>' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors.seriesId).toEqual([NOVEL_TEXT_MESSAGES.novelRequired]);
    expect(errors.text).toEqual([NOVEL_TEXT_MESSAGES.invalidStructure]);
  });
});
