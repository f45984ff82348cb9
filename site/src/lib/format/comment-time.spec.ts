import { describe, expect, it } from '@jest/globals';
import { relativeCommentTime } from './comment-time';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeCommentTime', () => {
  it('says how long ago in Arabic, with the past suffix and Arabic digits', () => {
    expect(relativeCommentTime(ago(5 * 60), NOW)).toBe('قبل ٥ دقائق');
    expect(relativeCommentTime(ago(3 * 3600 + 59 * 60), NOW)).toBe('قبل ٣ ساعات');
    expect(relativeCommentTime(ago(30), NOW)).toBe('قبل ٣٠ ثانية');
  });

  it('names the largest unit reached, and the words Arabic uses for now and yesterday', () => {
    expect(relativeCommentTime(ago(0), NOW)).toBe('الآن');
    expect(relativeCommentTime(ago(60), NOW)).toBe('قبل دقيقة واحدة');
    expect(relativeCommentTime(ago(26 * 3600), NOW)).toBe('أمس');
    expect(relativeCommentTime(ago(9 * 24 * 3600), NOW)).toBe('الأسبوع الماضي');
    expect(relativeCommentTime(ago(400 * 24 * 3600), NOW)).toBe('السنة الماضية');
  });

  it('reads a time a little ahead of this clock as now, and leaves a broken one as it came', () => {
    expect(relativeCommentTime(new Date(NOW + 20_000).toISOString(), NOW)).toBe('الآن');
    expect(relativeCommentTime('not a date', NOW)).toBe('not a date');
  });
});
