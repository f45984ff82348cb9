import { describe, expect, it } from '@jest/globals';
import { abbreviateViews } from './view-count';

describe('abbreviateViews (spec §2: K above 1000, M above 1,000,000)', () => {
  it('keeps counts up to 1000 as they are', () => {
    expect(abbreviateViews(0)).toBe('0');
    expect(abbreviateViews(999)).toBe('999');
    expect(abbreviateViews(1000)).toBe('1000');
  });

  it('abbreviates above 1000 with K and one decimal at most', () => {
    expect(abbreviateViews(1001)).toBe('1K');
    expect(abbreviateViews(1500)).toBe('1.5K');
    expect(abbreviateViews(12_345)).toBe('12.3K');
    expect(abbreviateViews(999_999)).toBe('999.9K');
    expect(abbreviateViews(1_000_000)).toBe('1000K');
  });

  it('abbreviates above 1,000,000 with M', () => {
    expect(abbreviateViews(1_000_001)).toBe('1M');
    expect(abbreviateViews(2_560_000)).toBe('2.5M');
  });

  it('treats negative or fractional input sanely', () => {
    expect(abbreviateViews(-5)).toBe('0');
    expect(abbreviateViews(10.9)).toBe('10');
  });
});
