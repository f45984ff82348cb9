import type { Numerals } from '@warraq/contracts';
import { currentNumerals } from '@/lib/format/format';

/** This browser's copy of the reader's numerals, read by src/boot/theme-boot.js on cached pages. */
export const NUMERALS_STORAGE_KEY = 'warraq_numerals';

/**
 * Remembers the reader's numerals for the head script. Returns whether the page shows the other
 * system: it was written before the choice, so it is reloaded to be written again in one system.
 */
export function rememberNumerals(numerals: Numerals): boolean {
  const root = document.documentElement;
  root.setAttribute('data-server-numerals', numerals);
  try {
    localStorage.setItem(NUMERALS_STORAGE_KEY, numerals);
  } catch {
    // Storage may be refused (private mode): signed-in pages still carry the preference.
  }
  return currentNumerals() !== numerals;
}

/** This browser's stored copy, if storage works (a reload can only help a page when it does). */
export function storedNumerals(): string | null {
  try {
    return localStorage.getItem(NUMERALS_STORAGE_KEY);
  } catch {
    return null;
  }
}
