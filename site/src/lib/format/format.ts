/**
 * The site's one formatter (issue 15, "one numeral policy"): every number, date, count, size and
 * duration the interface writes goes through here, in one numeral system per page.
 *
 * - Locale `ar-SA` as the spec says, with the Gregorian calendar spelled out (`-u-ca-gregory`):
 *   ar-SA's default calendar has changed between ICU releases (Islamic Umm al-Qura in some, Gregorian
 *   in others), so Node and the browser could disagree on the same date — a hydration mismatch and a
 *   year «٢٠٢٦» beside «١٤٤٨». The spec's dates are Gregorian; this keeps them so everywhere.
 * - Numerals: Intl always writes Arabic-Indic (`-u-nu-arab`); Western digits are that text through
 *   `withNumerals` (the same digit-and-separator mapping `src/boot/theme-boot.js` applies to the served
 *   page), so a number formatted in an island and the same number rewritten in the server's HTML are
 *   the same characters and hydration matches.
 * - Which system: the server always renders the default (Arabic-Indic) — series, list and chapter
 *   pages are one cached document for everyone. In the browser the head script has set
 *   `<html data-numerals>` from the reader's preference before anything was painted, and rewritten the
 *   served digits if it is Western; islands read the same attribute (`currentNumerals`). See
 *   docs/architecture.md, "Numerals".
 */
import { DEFAULT_NUMERALS, NUMERALS, type Numerals } from '@warraq/contracts/browser';

export type { Numerals };

const LOCALE = 'ar-SA-u-ca-gregory-nu-arab';

/** The numeral system of this page: the server's default, or the reader's choice in the browser. */
export function currentNumerals(): Numerals {
  if (typeof document === 'undefined') return DEFAULT_NUMERALS;
  const chosen = document.documentElement.dataset.numerals;
  return (NUMERALS as readonly string[]).includes(chosen ?? '') ? (chosen as Numerals) : DEFAULT_NUMERALS;
}

const ARABIC_DIGIT = /[\u0660-\u0669]/;
// Digits, and the Arabic thousands (٬) and decimal (٫) separators between two digits.
const ARABIC_NUMBER_PART = /[\u0660-\u0669]|(?<=[\u0660-\u0669])[\u066B\u066C](?=[\u0660-\u0669])/g;

/** Text written in Arabic-Indic digits, in the given system (src/boot/theme-boot.js does the same). */
export function withNumerals(text: string, numerals: Numerals = currentNumerals()): string {
  if (numerals === 'arab' || !ARABIC_DIGIT.test(text)) return text;
  return text.replace(ARABIC_NUMBER_PART, (part) => {
    if (part === '\u066C') return ',';
    if (part === '\u066B') return '.';
    return String(part.charCodeAt(0) - 0x0660);
  });
}

/** True when the text holds digits of both systems — what no view may show (the tests' check). */
export function mixesDigits(text: string): boolean {
  return ARABIC_DIGIT.test(text) && /[0-9]/.test(text);
}

function numberFormat(options: Intl.NumberFormatOptions): (value: number, numerals?: Numerals) => string {
  const format = new Intl.NumberFormat(LOCALE, options);
  return (value, numerals) => withNumerals(format.format(value), numerals);
}

/**
 * The one time zone every date is written in, on the server and in the browser alike: a public
 * document is one cached HTML for every reader, and an island hydrating it must write the same date
 * the server did. In the reader's own zone, a chapter published at 22:00 UTC read «٣١/١٠» from the
 * server and «١/١١» in a browser in Riyadh, and React threw the page's HTML away to render it again
 * (the reader jumped). Riyadh's (UTC+3, no daylight saving) is the zone of most of the audience.
 */
export const SITE_TIME_ZONE = 'Asia/Riyadh';

function dateFormat(options: Intl.DateTimeFormatOptions): (value: Date, numerals?: Numerals) => string {
  const format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: SITE_TIME_ZONE });
  return (value, numerals) => withNumerals(format.format(value), numerals);
}

const integer = numberFormat({ maximumFractionDigits: 0 });
const plain = numberFormat({ maximumFractionDigits: 2, useGrouping: false });
const oneDecimal = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
// Truncated, never rounded up: 999,999 views are «٩٩٩٫٩ ألف», not «١٠٠٠ ألف».
const compact = numberFormat({ notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' });
const percent = numberFormat({ style: 'percent', maximumFractionDigits: 0 });

/** A whole count with grouping: «١٬٤٢٥» / «1,425». */
export function formatNumber(value: number, numerals?: Numerals): string {
  return integer(value, numerals);
}

/** A chapter number or another figure that is a name, not a quantity: «١٫٥», «٢٠٢٦» (no grouping). */
export function formatChapterNumber(value: number, numerals?: Numerals): string {
  return plain(value, numerals);
}

/** A figure with one decimal (an average rating): «٤٫٥». */
export function formatDecimal(value: number, numerals?: Numerals): string {
  return oneDecimal(value, numerals);
}

/** A large count abbreviated in Arabic words: «٩٥٠», «١٫٤ ألف», «٢٫٥ مليون». */
export function formatCompact(value: number, numerals?: Numerals): string {
  const count = Math.max(0, Math.trunc(value));
  return count < 1_000 ? integer(count, numerals) : compact(count, numerals);
}

/**
 * A release version in the page's digits: «0.1.0» → «٠.١.٠». Its dots stay dots: they separate
 * parts, they are no decimal separator (so «٠٫١» would misread it as a fraction).
 */
export function formatVersion(version: string, numerals?: Numerals): string {
  const arabic = version.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
  return withNumerals(arabic, numerals);
}

/** A percentage given 0–100: «٤٥٪». */
export function formatPercent(value: number, numerals?: Numerals): string {
  return percent(Math.round(value) / 100, numerals);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const byteFormats = BYTE_UNITS.map((unit) =>
  numberFormat({ style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 }),
);

/** A size in binary steps of 1024 (as the limits are), one decimal: «٥١٢ بايت», «٨٤٫٢ غ.ب». */
export function formatBytes(bytes: number, numerals?: Numerals): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return byteFormats[unit]!(value, numerals);
}

const minutes = numberFormat({ style: 'unit', unit: 'minute', unitDisplay: 'long' });

/** A duration in whole minutes, in words: «٥ دقائق». */
export function formatMinutes(value: number, numerals?: Numerals): string {
  return minutes(Math.max(0, Math.round(value)), numerals);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === 0 || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateMedium = dateFormat({ dateStyle: 'medium' });
const dateLong = dateFormat({ dateStyle: 'long' });
const dateTimeMedium = dateFormat({ dateStyle: 'medium', timeStyle: 'medium' });
const dateTimeShort = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const dateTimeLong = dateFormat({ dateStyle: 'long', timeStyle: 'short' });
const timeOnly = dateFormat({ timeStyle: 'medium' });

/** A day: «٢٤‏/١١‏/٢٠٢٦»; an unreadable value comes back as it came. */
export function formatDate(iso: string, numerals?: Numerals): string {
  const date = toDate(iso);
  return date ? dateMedium(date, numerals) : iso;
}

/** A day in words: «٢٤ نوفمبر ٢٠٢٦» (a profile's joining date). */
export function formatLongDate(iso: string, numerals?: Numerals): string {
  const date = toDate(iso);
  return date ? dateLong(date, numerals) : iso;
}

/** A moment with seconds (dashboard and logs); `null` for a missing or invalid value. */
export function formatDateTime(
  value: string | number | null | undefined,
  numerals?: Numerals,
): string | null {
  const date = toDate(value);
  return date ? dateTimeMedium(date, numerals) : null;
}

/** A moment to the minute (feeds, notifications, points history); an unreadable value as it came. */
export function formatShortDateTime(iso: string, numerals?: Numerals): string {
  const date = toDate(iso);
  return date ? dateTimeShort(date, numerals) : iso;
}

/** The full date and time, for the title of a relative time. */
export function formatExactDateTime(iso: string, numerals?: Numerals): string {
  const date = toDate(iso);
  return date ? dateTimeLong(date, numerals) : iso;
}

/** A time of day (the realtime panel's last heartbeat); `null` for none. */
export function formatTime(value: number | null, numerals?: Numerals): string | null {
  const date = value === null ? null : toDate(value);
  return date ? timeOnly(date, numerals) : null;
}

/** Largest unit first: the first one the age reaches names it («قبل ٣ ساعات», not «قبل ١٨٠ دقيقة»). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// `auto` says «الآن» and «أمس» where Arabic does.
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/**
 * Spec §"Relative comment times are in Arabic with a suffix": how long ago `iso` was, as of `now`.
 * A time slightly in the future (a clock ahead of the server's) reads as now.
 */
export function formatRelative(iso: string, now: number = Date.now(), numerals?: Numerals): string {
  const at = toDate(iso);
  if (!at) return iso;
  const seconds = Math.max(0, Math.floor((now - at.getTime()) / 1000));
  const [unit, size] = UNITS.find(([, length]) => seconds >= length) ?? ['second', 1];
  return withNumerals(relative.format(seconds >= size ? -Math.floor(seconds / size) : 0, unit), numerals);
}
