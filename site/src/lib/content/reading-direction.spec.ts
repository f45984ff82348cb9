import { describe, expect, it } from '@jest/globals';
import { keyToAction, swipeToAction, tapToAction } from './reading-direction';

describe('keyToAction (keys follow the reading direction)', () => {
  it('turns forward with ArrowLeft in paged right-to-left', () => {
    expect(keyToAction('ArrowLeft', 'paged-rtl')).toBe('next');
    expect(keyToAction('ArrowRight', 'paged-rtl')).toBe('prev');
  });

  it('turns forward with ArrowRight in paged left-to-right', () => {
    expect(keyToAction('ArrowRight', 'paged-ltr')).toBe('next');
    expect(keyToAction('ArrowLeft', 'paged-ltr')).toBe('prev');
  });

  it('leaves up/down and page keys to native scrolling in the vertical strip', () => {
    expect(keyToAction('ArrowDown', 'vertical')).toBeNull();
    expect(keyToAction('PageDown', 'vertical')).toBeNull();
    expect(keyToAction('PageDown', 'paged-rtl')).toBe('next');
    expect(keyToAction('ArrowLeft', 'vertical')).toBe('next');
  });

  it('ignores other keys', () => {
    expect(keyToAction('a', 'paged-rtl')).toBeNull();
  });
});

describe('swipeToAction', () => {
  it('goes forward on a rightward drag in right-to-left and a leftward drag in left-to-right', () => {
    expect(swipeToAction(120, 10, 'paged-rtl')).toBe('next');
    expect(swipeToAction(-120, 10, 'paged-rtl')).toBe('prev');
    expect(swipeToAction(-120, 10, 'paged-ltr')).toBe('next');
    expect(swipeToAction(120, 10, 'paged-ltr')).toBe('prev');
  });

  it('ignores short, mostly vertical and vertical-strip drags', () => {
    expect(swipeToAction(20, 0, 'paged-rtl')).toBeNull();
    expect(swipeToAction(80, 200, 'paged-rtl')).toBeNull();
    expect(swipeToAction(200, 0, 'vertical')).toBeNull();
  });
});

describe('tapToAction', () => {
  it('maps the page halves through the direction', () => {
    expect(tapToAction(0.2, 'paged-rtl')).toBe('next');
    expect(tapToAction(0.8, 'paged-rtl')).toBe('prev');
    expect(tapToAction(0.8, 'paged-ltr')).toBe('next');
    expect(tapToAction(0.5, 'vertical')).toBeNull();
  });
});
