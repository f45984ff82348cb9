/** Largest unit first: the first one the age reaches names it ("منذ ٣ ساعات", not "منذ ١٨٠ دقيقة"). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// Arabic digits like the site's other dates (ar-SA); `auto` says "الآن" and "أمس" where Arabic does.
const relativeFormat = new Intl.RelativeTimeFormat('ar-SA', { numeric: 'auto' });
const exactFormat = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'long', timeStyle: 'short' });

/**
 * Spec §"Relative comment times are in Arabic with a suffix": how long ago `iso` was, as of `now`.
 * A time slightly in the future (a clock ahead of the server's) reads as now.
 */
export function relativeCommentTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeFormat.format(-Math.floor(seconds / size), unit);
  }
  return relativeFormat.format(0, 'second');
}

/** The full date and time, for the tooltip and the <time> element's title. */
export function exactCommentTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : exactFormat.format(date);
}
