import { describe, expect, it } from '@jest/globals';
import { chapterPicker, PICKER_REACH } from './chapter-picker';

const upTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1);
const range = (from: number, to: number) => upTo(to - from + 1).map((n) => n + from - 1);

describe('chapterPicker', () => {
  it('offers every chapter of a series short enough to fit', () => {
    expect(chapterPicker([1, 1.5, 2, 3], 2)).toEqual({ numbers: [1, 1.5, 2, 3], total: 4 });
    const fits = upTo(2 * PICKER_REACH + 1);
    expect(chapterPicker(fits, PICKER_REACH + 1).numbers).toEqual(fits);
  });

  it('offers the chapters around the open one, with the first and the last, in a long series', () => {
    const all = upTo(1500);
    expect(chapterPicker(all, 700)).toEqual({ numbers: [1, ...range(685, 715), 1500], total: 1500 });
    expect(chapterPicker(all, 700, 2).numbers).toEqual([1, 698, 699, 700, 701, 702, 1500]);
  });

  it('keeps the window whole at either end of the series', () => {
    const all = upTo(100);
    expect(chapterPicker(all, 1, 3).numbers).toEqual([1, 2, 3, 4, 100]);
    expect(chapterPicker(all, 100, 3).numbers).toEqual([1, 97, 98, 99, 100]);
    // The first one outside the window at its edge is not listed twice.
    expect(chapterPicker(all, 5, 3).numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 100]);
  });

  it('places an open chapter missing from the list (a pending one staff opened) in order', () => {
    expect(chapterPicker([1, 2, 4, 5], 3)).toEqual({ numbers: [1, 2, 3, 4, 5], total: 4 });
  });
});
