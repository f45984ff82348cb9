import { describe, expect, it } from '@jest/globals';
import { formatBytes, formatDateTime } from './format';

const arabic = (value: number, fraction = 0) =>
  new Intl.NumberFormat('ar-SA', { maximumFractionDigits: fraction }).format(value);

describe('formatBytes (the CDN Usage card)', () => {
  it('keeps small sizes in bytes', () => {
    expect(formatBytes(0)).toBe(`${arabic(0)} B`);
    expect(formatBytes(512)).toBe(`${arabic(512)} B`);
  });

  it('steps by 1024 with one decimal', () => {
    expect(formatBytes(1536)).toBe(`${arabic(1.5, 1)} KB`);
    expect(formatBytes(5 * 1024 * 1024)).toBe(`${arabic(5)} MB`);
    expect(formatBytes(84.2 * 1024 ** 3)).toBe(`${arabic(84.2, 1)} GB`);
  });

  it('writes the figure in Arabic digits', () => {
    expect(formatBytes(2048)).toMatch(/^[\u0660-\u0669]/);
  });
});

describe('formatDateTime', () => {
  it('gives nothing for a missing or invalid time', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });

  it('formats a time in the ar-SA locale', () => {
    expect(formatDateTime('2025-01-01T10:00:00Z')).toBe(
      new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date('2025-01-01T10:00:00Z'),
      ),
    );
  });
});
