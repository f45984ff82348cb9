import { describe, expect, it } from '@jest/globals';
import {
  formatBytes,
  formatChapterNumber,
  formatCompact,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatExactDateTime,
  formatLongDate,
  formatMinutes,
  formatNumber,
  formatPercent,
  formatRelative,
  formatShortDateTime,
  formatTime,
  formatVersion,
  mixesDigits,
  withNumerals,
  type Numerals,
} from './format';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const ARABIC = /[\u0660-\u0669]/;
const WESTERN = /[0-9]/;

/** Everything one view might write, in one system: a chapter page, a dashboard card, a comment. */
function oneView(numerals: Numerals): string {
  return [
    `الفصل ${formatChapterNumber(3.5, numerals)}`,
    `${formatNumber(1425, numerals)} مشاهدة`,
    `صفحة ${formatNumber(1, numerals)} من ${formatNumber(40, numerals)}`,
    formatCompact(1_425_000, numerals),
    formatDecimal(4.5, numerals),
    formatPercent(45, numerals),
    formatBytes(84.2 * 1024 ** 3, numerals),
    formatMinutes(12, numerals),
    formatDate('2026-11-24T10:00:00Z', numerals),
    formatLongDate('2026-11-24T10:00:00Z', numerals),
    formatDateTime('2026-11-24T10:00:00Z', numerals),
    formatShortDateTime('2026-11-24T10:00:00Z', numerals),
    formatExactDateTime('2026-11-24T10:00:00Z', numerals),
    formatTime(NOW, numerals),
    formatRelative(ago(3 * 3600), NOW, numerals),
    `© ${formatChapterNumber(2026, numerals)}`,
    formatVersion('0.1.0', numerals),
  ].join(' · ');
}

describe('one numeral system per view', () => {
  it('writes every number, date, count, size and duration in Arabic-Indic digits by default', () => {
    const view = oneView('arab');
    expect(view).toMatch(ARABIC);
    expect(view).not.toMatch(WESTERN);
    expect(mixesDigits(view)).toBe(false);
  });

  it('writes all of them in Western digits for a reader who chose them', () => {
    const view = oneView('latn');
    expect(view).toMatch(WESTERN);
    expect(view).not.toMatch(ARABIC);
    expect(mixesDigits(view)).toBe(false);
  });

  it('tells a mixed view («الفصل 3 · ١٬٤٢٥ مشاهدة») from a consistent one', () => {
    expect(mixesDigits('الفصل 3 · ١٬٤٢٥ مشاهدة')).toBe(true);
    expect(mixesDigits('الفصل ٣ · ١٬٤٢٥ مشاهدة')).toBe(false);
    expect(mixesDigits('الفصل 3 · 1,425 مشاهدة')).toBe(false);
  });

  it('uses the Gregorian calendar whatever ar-SA defaults to', () => {
    expect(formatDate('2026-11-24T10:00:00Z', 'latn')).toContain('2026');
    expect(formatLongDate('2026-11-24T10:00:00Z')).toContain('٢٠٢٦');
  });
});

describe('withNumerals (shared with the head script that rewrites served pages)', () => {
  it('maps digits and the separators between them, nothing else', () => {
    expect(withNumerals('١٬٤٢٥٫٥ مشاهدة', 'latn')).toBe('1,425.5 مشاهدة');
    expect(withNumerals('قبل ٣ ساعات، ثم', 'latn')).toBe('قبل 3 ساعات، ثم');
    expect(withNumerals('١٬٤٢٥', 'arab')).toBe('١٬٤٢٥');
  });

  it('gives the same text as formatting in Western digits directly', () => {
    const arab = oneView('arab');
    expect(withNumerals(arab, 'latn')).toBe(oneView('latn'));
  });
});

describe('numbers', () => {
  it('groups counts and keeps chapter numbers and years as written', () => {
    expect(formatNumber(1425)).toBe('١٬٤٢٥');
    expect(formatNumber(1425, 'latn')).toBe('1,425');
    expect(formatChapterNumber(1.5)).toBe('١٫٥');
    expect(formatChapterNumber(2026, 'latn')).toBe('2026');
    expect(formatDecimal(4, 'latn')).toBe('4.0');
    expect(formatPercent(45.4, 'latn')).toMatch(/^45/);
  });

  it('abbreviates large counts in Arabic words, truncating rather than rounding up', () => {
    expect(formatCompact(999, 'latn')).toBe('999');
    // Intl keeps the figure and its word together with a no-break space.
    const compact = (value: number) => formatCompact(value, 'latn').replace(/\s/g, ' ');
    expect(compact(1500)).toBe('1.5 ألف');
    expect(compact(999_999)).toBe('999.9 ألف');
    expect(compact(2_560_000)).toBe('2.5 مليون');
    expect(formatCompact(-5, 'latn')).toBe('0');
  });

  it('writes a version in the page digits, its dots kept as separators', () => {
    expect(formatVersion('0.1.0')).toBe('٠.١.٠');
    expect(formatVersion('12.0.3', 'latn')).toBe('12.0.3');
  });

  it('writes sizes in binary steps with Arabic units', () => {
    expect(formatBytes(512, 'latn')).toBe('512 بايت');
    expect(formatBytes(300 * 1024)).toContain('٣٠٠');
    expect(formatBytes(3.5 * 1024 * 1024)).toContain('٣٫٥');
    expect(formatBytes(84.2 * 1024 ** 3, 'latn')).toContain('84.2');
  });
});

describe('dates and times', () => {
  it('gives nothing (or the value back) for a missing or invalid time', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
    expect(formatTime(null)).toBeNull();
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('says how long ago in Arabic, with the past suffix', () => {
    expect(formatRelative(ago(5 * 60), NOW)).toBe('قبل ٥ دقائق');
    expect(formatRelative(ago(3 * 3600 + 59 * 60), NOW, 'latn')).toBe('قبل 3 ساعات');
    expect(formatRelative(ago(30), NOW)).toBe('قبل ٣٠ ثانية');
  });

  it('names the largest unit reached, and the words Arabic uses for now and yesterday', () => {
    expect(formatRelative(ago(0), NOW)).toBe('الآن');
    expect(formatRelative(ago(60), NOW)).toBe('قبل دقيقة واحدة');
    expect(formatRelative(ago(26 * 3600), NOW)).toBe('أمس');
    expect(formatRelative(ago(9 * 24 * 3600), NOW)).toBe('الأسبوع الماضي');
    expect(formatRelative(ago(400 * 24 * 3600), NOW)).toBe('السنة الماضية');
  });

  it('reads a time a little ahead of this clock as now, and leaves a broken one as it came', () => {
    expect(formatRelative(new Date(NOW + 20_000).toISOString(), NOW)).toBe('الآن');
    expect(formatRelative('not a date', NOW)).toBe('not a date');
  });
});
