import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NOVEL_READER_SETTINGS } from '@warraq/contracts';
import { readingPercent, settingAttributes, topmostBlock } from './reader-settings';

describe('novel reader position', () => {
  const tops = [0, 120, 300, 310, 900];
  const topOf = (i: number) => tops[i]!;

  it('finds the block at the top of the screen, exactly on an edge too', () => {
    expect(topmostBlock(tops.length, topOf, 0)).toBe(0);
    expect(topmostBlock(tops.length, topOf, 119)).toBe(0);
    expect(topmostBlock(tops.length, topOf, 120)).toBe(1);
    expect(topmostBlock(tops.length, topOf, 305)).toBe(2);
    expect(topmostBlock(tops.length, topOf, 5000)).toBe(4);
  });

  it('is the first block above the text and when there is none', () => {
    expect(topmostBlock(tops.length, topOf, -50)).toBe(0);
    expect(topmostBlock(0, topOf, 10)).toBe(0);
  });

  it('reads 0 before the text, 100 at its end, the share between', () => {
    expect(readingPercent(1000, 2000, 500)).toBe(0);
    expect(readingPercent(1000, 2000, 2000)).toBe(50);
    expect(readingPercent(1000, 2000, 9000)).toBe(100);
    expect(readingPercent(0, 0, 10)).toBe(100);
  });
});

describe('novel reader settings on the article', () => {
  it('renders choices as attributes and numbers as custom properties', () => {
    const { attributes, style } = settingAttributes({
      ...DEFAULT_NOVEL_READER_SETTINGS,
      size: 24,
      theme: 'sepia',
    });
    expect(attributes).toEqual({
      'data-nr-font': 'amiri',
      'data-nr-theme': 'sepia',
      'data-nr-align': 'justify',
    });
    expect(style).toBe('--nr-size:24;--nr-lineHeight:2;--nr-width:36');
  });
});
