import { countNovelTextWords, countWords, estimateReadingMinutes } from './novel-text.words.js';

describe('countWords (Arabic-aware)', () => {
  it.each([
    ['قالَ الرجلُ: «مرحبًا»، ثم مضى.', 5],
    // Arabic punctuation ends a word even with no space after it.
    ['كلمة،كلمة؛كلمة؟', 3],
    // Diacritics and tatweel do not split a word; a line of tatweel is no word.
    ['مَكْتَبَةُ الســـيف', 2],
    ['ـــــ', 0],
    ['، ؛ ؟ « » — ...', 0],
    // Numbers, Western and Arabic-Indic, with their separators, are one word each.
    ['في عام 2024 زار Tokyo ومعه ١٢٬٥٠٠ ين و٣٫٥ كغ', 10],
    ['3.5 12:30 2024/05/01', 3],
    ["don't Tokyo-based O'Brien", 3],
    // Persian-style zero-width non-joiner stays inside the word.
    ['می‌خواهم', 1],
    // Chinese and Japanese count a character a word, as word processors do.
    ['東京に行く', 5],
    ['東京 Tokyo', 3],
    ['', 0],
    ['   \n\t ', 0],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  it('counts a chapter paragraph by paragraph, reading a paragraph’s runs as one text', () => {
    expect(
      countNovelTextWords([
        {
          type: 'paragraph',
          runs: [{ text: 'كان ' }, { text: 'الليل', emphasis: true }, { text: ' طويلًا' }],
        },
        { type: 'scene-break' },
        // A word split by emphasis is still one word.
        { type: 'dialogue', runs: [{ text: '«مر' }, { text: 'حبًا»', strong: true }] },
      ]),
    ).toBe(4);
  });
});

describe('estimateReadingMinutes', () => {
  it('reads Arabic at its own, slower speed than English', () => {
    expect(estimateReadingMinutes(2760, 'AR')).toBe(20);
    expect(estimateReadingMinutes(2760, 'EN')).toBe(12);
    expect(estimateReadingMinutes(2760)).toBe(20);
  });
  it('gives any text at least a minute and no text none', () => {
    expect(estimateReadingMinutes(3)).toBe(1);
    expect(estimateReadingMinutes(0)).toBe(0);
  });
});
