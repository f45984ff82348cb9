import { describe, expect, it } from '@jest/globals';
import { pageSlots, type PageSlot } from './page-slots';

function show(slots: PageSlot[]): string {
  return slots.map((slot) => (slot.kind === 'page' ? String(slot.page) : '…')).join(' ');
}

describe('pageSlots (spec §2: at most 5 page slots with ellipses)', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(show(pageSlots(1, 1))).toBe('1');
    expect(show(pageSlots(3, 5))).toBe('1 2 3 4 5');
  });

  it('shows nothing without pages', () => {
    expect(pageSlots(1, 0)).toEqual([]);
  });

  it('keeps first and last with a window around the current page', () => {
    expect(show(pageSlots(1, 20))).toBe('1 2 3 4 … 20');
    expect(show(pageSlots(10, 20))).toBe('1 … 9 10 11 … 20');
    expect(show(pageSlots(20, 20))).toBe('1 … 17 18 19 20');
    expect(show(pageSlots(4, 7))).toBe('1 … 3 4 5 … 7');
  });

  it('never shows more than 5 numbered pages', () => {
    for (let current = 1; current <= 30; current += 1) {
      const pages = pageSlots(current, 30).filter((slot) => slot.kind === 'page');
      expect(pages.length).toBeLessThanOrEqual(5);
      expect(pages.some((slot) => slot.kind === 'page' && slot.page === current)).toBe(true);
    }
  });

  it('clamps an out-of-range current page', () => {
    expect(show(pageSlots(99, 6))).toBe('1 … 3 4 5 6');
    expect(show(pageSlots(-3, 6))).toBe('1 2 3 4 … 6');
  });
});
