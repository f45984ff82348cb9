import {
  codePointLength,
  hasVisibleText,
  isSceneBreakText,
  startsDialogue,
  utf8ByteLength,
} from './novel-text.rules.js';

describe('scene breaks', () => {
  it.each([
    '*',
    '***',
    '* * *',
    '  *  *  *  ',
    '⁂',
    '#',
    '###',
    '---',
    '— — —',
    '~~~',
    '•••',
    'ـــ',
    '\u200f* * *',
  ])('%j is a scene break', (line) => expect(isSceneBreakText(line)).toBe(true));
  it.each(['', '--', '...', '* كلمة *', '#1', 'ـ', '-*-', '*نجمة*'])('%j is not', (line) =>
    expect(isSceneBreakText(line)).toBe(false),
  );
});

describe('dialogue', () => {
  it.each([
    '«من هناك؟»',
    '"Who is there?"',
    '“قال”',
    '- من هناك؟',
    '— لا أحد.',
    '–لا',
    '\u200f«نعم»',
    '  «نعم»',
  ])('%j opens a line of dialogue', (line) => expect(startsDialogue(line)).toBe(true));
  it.each(['قال: «من هناك؟»', '---', '— — —', '—', '', 'Hello "you"'])('%j does not', (line) =>
    expect(startsDialogue(line)).toBe(false),
  );
});

describe('measures', () => {
  it('counts UTF-8 bytes as an encoder would', () => {
    for (const text of ['abc', 'كتاب', '€', '😀', 'a\ud800b', '東京']) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
  it('counts characters as code points', () => {
    expect(codePointLength('😀كتاب')).toBe(5);
  });
  it('tells visible text from spaces and invisible controls', () => {
    expect(hasVisibleText(' \u200b\u200f\u202e\n')).toBe(false);
    expect(hasVisibleText('\u200b،')).toBe(true);
  });
});
