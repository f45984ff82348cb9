import { READING_MODES, type ReadingMode } from '@warraq/contracts/browser';

/** A guest's reading mode per series, kept in this browser (signed-in users keep it on the server). */
const KEY_PREFIX = 'warraq_reading_mode:';

export function storedReadingMode(contentId: number): ReadingMode | null {
  try {
    const value = localStorage.getItem(`${KEY_PREFIX}${contentId}`);
    return READING_MODES.find((mode) => mode === value) ?? null;
  } catch {
    return null;
  }
}

export function storeReadingMode(contentId: number, mode: ReadingMode): void {
  try {
    localStorage.setItem(`${KEY_PREFIX}${contentId}`, mode);
  } catch {
    // Private mode or full storage: the mode is simply not remembered.
  }
}
