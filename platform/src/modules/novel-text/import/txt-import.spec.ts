import { NOVEL_IMPORT_MESSAGES, NOVEL_TEXT_MESSAGES } from '@warraq/contracts';
import { NovelTextRejection } from '../novel-text.rejection';
import { prepareNovelText } from '../prepare-novel-text';
import { parseInlineMarks } from './inline-marks';
import { importTxt } from './txt-import';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const read = (text: string) => importTxt(utf8(text), 'فصل.txt').blocks;

function refusal(run: () => unknown): NovelTextRejection {
  try {
    run();
  } catch (error) {
    if (error instanceof NovelTextRejection) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('importTxt: the demo chapters’ format', () => {
  it('reads paragraphs by blank lines, * * * scene breaks, « dialogue and *emphasis*', () => {
    const chapter = [
      'كان الليل *طويلًا* على المدينة،',
      'وكان المطر لا يتوقف.',
      '',
      '«من هناك؟»',
      '«لا أحد.»',
      '',
      '* * *',
      '',
      'في الصباح زار **Tokyo** عام 2024.',
      '',
    ].join('\n');
    expect(read(chapter)).toEqual([
      {
        type: 'paragraph',
        runs: [
          { text: 'كان الليل ' },
          { text: 'طويلًا', emphasis: true },
          { text: ' على المدينة، وكان المطر لا يتوقف.' },
        ],
      },
      { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
      { type: 'dialogue', runs: [{ text: '«لا أحد.»' }] },
      { type: 'scene-break' },
      {
        type: 'paragraph',
        runs: [{ text: 'في الصباح زار ' }, { text: 'Tokyo', strong: true }, { text: ' عام 2024.' }],
      },
    ]);
  });

  it('reads one paragraph a line when the file has no blank line, with Windows line ends', () => {
    expect(read('سطر أول\r\n- سطر حوار\r\n***\r\nسطر أخير')).toEqual([
      { type: 'paragraph', runs: [{ text: 'سطر أول' }] },
      { type: 'dialogue', runs: [{ text: '- سطر حوار' }] },
      { type: 'scene-break' },
      { type: 'paragraph', runs: [{ text: 'سطر أخير' }] },
    ]);
  });

  it('reads UTF-8 with a byte-order mark, UTF-16 and Windows-1256', () => {
    const expected = [{ type: 'paragraph', runs: [{ text: 'الله' }] }];
    expect(importTxt(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('الله')]), 'a.txt').blocks).toEqual(
      expected,
    );
    expect(
      importTxt(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('الله', 'utf16le')]), 'a.txt').blocks,
    ).toEqual(expected);
    expect(importTxt(Buffer.from([0xc7, 0xe1, 0xe1, 0xe5]), 'a.txt').blocks).toEqual(expected);
  });
});

describe('importTxt: hostile files', () => {
  it('keeps HTML and script as inert text', () => {
    const text = prepareNovelText(
      importTxt(utf8('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>'), 'x.txt'),
    );
    expect(text.text.blocks).toEqual([
      { type: 'paragraph', runs: [{ text: '<script>alert(1)</script>' }] },
      { type: 'paragraph', runs: [{ text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });

  it('loses bidi and zero-width controls once prepared', () => {
    const text = prepareNovelText(
      importTxt(utf8('\u202Eنص\u200B مقلوب\u2066\n\n\u200F\u200B\n\n\u200F* * *\n\nتالٍ'), 'x.txt'),
    );
    expect(text.text.blocks).toEqual([
      { type: 'paragraph', runs: [{ text: 'نص مقلوب' }] },
      { type: 'scene-break' },
      { type: 'paragraph', runs: [{ text: 'تالٍ' }] },
    ]);
  });

  it('refuses 2 MB of text before reading it', () => {
    const error = refusal(() => importTxt(utf8('كلمة '.repeat(210_000)), 'كبير.txt'));
    expect(error.code).toBe('file_too_large');
    expect(error.message).toBe(NOVEL_IMPORT_MESSAGES.txtTooLarge);
  });

  it('refuses an empty file, and one of only spaces and invisible characters, once prepared', () => {
    for (const text of ['', ' \n\n \u200B\u200F\n* * *\n']) {
      const error = refusal(() => prepareNovelText(importTxt(utf8(text), 'فارغ.txt')));
      expect(error.code).toBe('text_empty');
      expect(error.message).toBe(NOVEL_TEXT_MESSAGES.empty);
    }
  });

  it('refuses a binary file renamed .txt, naming it', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const error = refusal(() => importTxt(png, 'صورة.txt'));
    expect(error.code).toBe('not_text');
    expect(error.message).toBe(NOVEL_IMPORT_MESSAGES.notText('صورة.txt'));
    expect(refusal(() => importTxt(Buffer.from([0x01, 0x02, 0x03, 0x41]), 'x.txt')).code).toBe('not_text');
  });

  it('refuses bytes that are neither UTF-8 nor Arabic in Windows-1256', () => {
    expect(refusal(() => importTxt(Buffer.from([0x41, 0xe9, 0x42]), 'x.txt')).code).toBe('encoding');
  });
});

describe('parseInlineMarks', () => {
  it.each([
    [
      '*مائل* و**عريض** و***كلاهما***',
      [
        ['مائل', 'e'],
        [' و', ''],
        ['عريض', 's'],
        [' و', ''],
        ['كلاهما', 'es'],
      ],
    ],
    ['2*3*4 و * وحيدة', [['2*3*4 و * وحيدة', '']]],
    ['\\*ليست\\* علامة', [['*ليست* علامة', '']]],
    ['*غير مغلقة', [['*غير مغلقة', '']]],
    [
      '«*نعم*»',
      [
        ['«', ''],
        ['نعم', 'e'],
        ['»', ''],
      ],
    ],
  ])('%j', (line, expected) => {
    expect(
      parseInlineMarks(line).map((run) => [
        run.text,
        `${run.marks.emphasis ? 'e' : ''}${run.marks.strong ? 's' : ''}`,
      ]),
    ).toEqual(expected);
  });
});
