import { describe, expect, it } from '@jest/globals';
import { readerScreens } from './reader-screens';

const image = (source: number, n: number) => ({
  url: `/media/${n}`,
  width: 800,
  height: 2000,
  source,
  renditions: [{ width: 800, url: `/media/${n}` }],
  avif: [],
});

describe('readerScreens', () => {
  it('keeps one screen per page when nothing was sliced', () => {
    const screens = readerScreens([image(0, 0), image(1, 1), image(2, 2)]);
    expect(screens.map((s) => s.images.length)).toEqual([1, 1, 1]);
    expect(screens.map((s) => s.start)).toEqual([0, 1, 2]);
  });

  it('puts the slices of one tall strip on one screen, in order', () => {
    const screens = readerScreens([image(0, 0), image(1, 1), image(1, 2), image(1, 3), image(2, 4)]);
    expect(screens).toHaveLength(3);
    expect(screens[1]?.images.map((i) => i.url)).toEqual(['/media/1', '/media/2', '/media/3']);
    expect(screens[2]?.start).toBe(4);
  });

  it('has no screens for a chapter without pages', () => {
    expect(readerScreens([])).toEqual([]);
  });
});
