import { NOVEL_TEXT_MESSAGES, type NovelBlock, type NovelRun, type NovelText } from '@warraq/contracts';
import { normalizeNovelText, normalizeRuns } from './normalize';
import { NovelTextRejection } from './novel-text.rejection';
import { prepareNovelText } from './prepare-novel-text';

const doc = (...blocks: NovelBlock[]): NovelText => ({ version: 1, blocks });
const p = (...runs: (string | NovelRun)[]): NovelBlock => ({
  type: 'paragraph',
  runs: runs.map((run) => (typeof run === 'string' ? { text: run } : run)),
});
const text = (value: string) =>
  normalizeRuns([{ text: value }])
    .map((run) => run.text)
    .join('');

describe('normalizeRuns: characters', () => {
  it('removes bidi embeddings, overrides, isolates and marks', () => {
    // U+202E would show «txt.exe» as «exe.txt»; the isolates and marks would reorder the line.
    expect(text('اسم\u202Eexe.txt\u202C و\u2067كلمة\u2069 \u200Fهنا\u200E\u061C')).toBe(
      'اسمexe.txt وكلمة هنا',
    );
    expect(text('\u202A\u202B\u202D\u2066\u2068نص')).toBe('نص');
  });

  it('removes zero-width and control characters, keeping the joiners only where they shape text', () => {
    expect(text('ك\u200Bل\u2060م\uFEFFة\u0000\u0007\u001B\u007F\u0085\u00AD')).toBe('كلمة');
    expect(text('\u200Cنص\u200C \u200D')).toBe('نص');
    // A Persian word keeps its non-joiner; an emoji family keeps its joiners.
    expect(text('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(text('👨\u200D👩\u200D👧')).toBe('👨\u200D👩\u200D👧');
    // Tag characters can smuggle invisible ASCII; a lone surrogate shows as a broken box.
    expect(text('نص\u{E0041}\u{E0042}\uD800')).toBe('نص');
  });

  it('keeps Arabic characters that are format characters but visible', () => {
    expect(text('\u0600١٢ \u06DD')).toBe('\u0600١٢ \u06DD');
  });

  it('composes to NFC without rewriting Arabic ligatures as NFKC would', () => {
    expect(text('e\u0301')).toBe('é');
    expect(text('آ')).toBe('آ');
    expect(text('\u0627\u0653')).toBe('آ');
    expect(text('ﷺ')).toBe('ﷺ');
  });

  it('collapses whitespace of every kind to one space and trims the paragraph', () => {
    expect(text('  كان\t\tالليل\u00A0\u2003طويلًا\n\r\u2028 جدًا  ')).toBe('كان الليل طويلًا جدًا');
  });

  it('keeps HTML and script as inert text', () => {
    expect(text('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});

describe('normalizeRuns: Arabic punctuation and quotation marks', () => {
  it.each([
    ['قال ، ثم مضى ؛ لكن لماذا ؟', 'قال، ثم مضى؛ لكن لماذا؟'],
    ['قال, ثم مضى; لكن لماذا?', 'قال، ثم مضى؛ لكن لماذا؟'],
    ['« من هناك؟ »', '«من هناك؟»'],
    ['قال: "من هناك؟" ثم "لا أحد"', 'قال: «من هناك؟» ثم «لا أحد»'],
    ['قال: “من هناك؟”', 'قال: «من هناك؟»'],
    ['عام 2024, زار Tokyo, Japan? نعم', 'عام 2024, زار Tokyo, Japan? نعم'],
    ['قال: "من هناك', 'قال: "من هناك'],
    ['He said "hello", then left?', 'He said "hello", then left?'],
  ])('%j → %j', (input, output) => {
    expect(text(input)).toBe(output);
  });
});

describe('normalizeRuns: marks', () => {
  it('merges runs of the same marks, drops empty runs and marks on bare spaces', () => {
    expect(
      normalizeRuns([
        { text: 'كان ' },
        { text: '' },
        { text: 'الليل', emphasis: true, strong: false },
        { text: ' ', emphasis: true },
        { text: 'طويلًا', emphasis: true },
        { text: ' ', strong: true },
        { text: 'جدًا ' },
        { text: '\u200B' },
      ]),
    ).toEqual([{ text: 'كان ' }, { text: 'الليل طويلًا', emphasis: true }, { text: ' جدًا' }]);
  });

  it('collapses spaces across runs and keeps each mark on its own characters', () => {
    expect(normalizeRuns([{ text: 'كان  ' }, { text: '  الليل', strong: true }])).toEqual([
      { text: 'كان ' },
      { text: 'الليل', strong: true },
    ]);
  });
});

describe('normalizeNovelText: blocks', () => {
  it('drops empty paragraphs, turns scene-break lines into scene breaks, never leading, trailing or repeated', () => {
    expect(
      normalizeNovelText(
        doc(
          { type: 'scene-break' },
          p('  \u200B '),
          p('أول'),
          { type: 'scene-break' },
          p('* * *'),
          p(''),
          { type: 'scene-break' },
          { type: 'dialogue', runs: [{ text: '«ثانٍ»' }] },
          { type: 'scene-break' },
          p('\u200F'),
        ),
      ),
    ).toEqual(doc(p('أول'), { type: 'scene-break' }, { type: 'dialogue', runs: [{ text: '«ثانٍ»' }] }));
  });
});

describe('prepareNovelText', () => {
  it('stores normalised text with its word count and reading time', () => {
    const words = Array.from({ length: 276 }, () => 'كلمة').join(' ');
    const prepared = prepareNovelText(doc(...Array.from({ length: 10 }, () => p(`\u202E${words} `))));
    expect(prepared.words).toBe(2760);
    expect(prepared.readingMinutes).toBe(20);
    expect(prepared.text.blocks[0]).toEqual(p(words));
  });

  it('refuses text that is empty once cleaned', () => {
    expect(() => prepareNovelText(doc(p('\u200B\u200F \u202E'), { type: 'scene-break' }))).toThrow(
      new NovelTextRejection('text_empty', NOVEL_TEXT_MESSAGES.empty),
    );
  });

  it('refuses 2 MB of text', () => {
    const paragraph = p('كلمة '.repeat(1000));
    const blocks = Array.from({ length: 220 }, () => paragraph);
    try {
      prepareNovelText(doc(...blocks));
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(NovelTextRejection);
      expect((error as NovelTextRejection).code).toBe('text_too_long');
      expect((error as NovelTextRejection).message).toBe(NOVEL_TEXT_MESSAGES.tooLong);
    }
  });
});
