import { describe, expect, it } from '@jest/globals';
import { tabIndexForKey } from './tab-keys';

describe('tabIndexForKey', () => {
  it('moves forward with the left arrow in RTL and the right arrow in LTR, wrapping', () => {
    expect(tabIndexForKey('ArrowLeft', 0, 3, true)).toBe(1);
    expect(tabIndexForKey('ArrowLeft', 2, 3, true)).toBe(0);
    expect(tabIndexForKey('ArrowRight', 0, 3, true)).toBe(2);
    expect(tabIndexForKey('ArrowRight', 0, 3, false)).toBe(1);
    expect(tabIndexForKey('ArrowLeft', 0, 3, false)).toBe(2);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(tabIndexForKey('Home', 2, 3, true)).toBe(0);
    expect(tabIndexForKey('End', 0, 3, true)).toBe(2);
    expect(tabIndexForKey('Enter', 0, 3, true)).toBeNull();
  });
});
