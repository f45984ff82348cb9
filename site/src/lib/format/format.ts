/** Number and date formatting of the dashboard (Arabic digits, ar-SA dates). */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

const unitNumber = new Intl.NumberFormat('ar-SA', { maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat('ar-SA', { timeStyle: 'medium' });

/**
 * Stored media size as the spec's card shows it ("84.2 GB"): binary steps of 1024, one decimal,
 * the figure in Arabic digits and the unit in Latin letters as the spec writes it.
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Whole bytes have no fraction; larger units keep one decimal.
  const shown = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${unitNumber.format(shown)} ${BYTE_UNITS[unit]}`;
}

/** A moment as ar-SA date and time; `null` for an invalid or missing value. */
export function formatDateTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === 0) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateTime.format(date);
}

/** A moment as ar-SA time of day (the realtime panel's last heartbeat). */
export function formatTime(value: number | null): string | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : timeOnly.format(date);
}
