import { describe, expect, it } from '@jest/globals';
import { isGroupRead, markBody } from './read-markers';

describe('chapter-list read markers', () => {
  it('counts a chapter number read when any of its variants was read', () => {
    expect(isGroupRead([4, 5], new Set([5, 9]))).toBe(true);
    expect(isGroupRead([4, 5], new Set([9]))).toBe(false);
    expect(isGroupRead([], new Set([9]))).toBe(false);
  });

  it('marks every chapter up to here read, and flips one number', () => {
    expect(markBody('up-to', 7, true)).toEqual({ number: 7, read: true, upTo: true });
    expect(markBody('toggle', 7.5, false)).toEqual({ number: 7.5, read: true, upTo: false });
    expect(markBody('toggle', 7.5, true)).toEqual({ number: 7.5, read: false, upTo: false });
  });
});
