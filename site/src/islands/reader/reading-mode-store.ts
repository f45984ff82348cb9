import { READING_MODES, type ReadingMode } from '@warraq/contracts/browser';

/** A reader's mode per series, kept in this browser (a signed-in reader's is also saved on the server). */
const KEY_PREFIX = 'warraq_reading_mode:';

/** Where this browser keeps a series' reading mode (also read by `client:painted`, ChapterPage.astro). */
export function readingModeKey(contentId: number): string {
  return `${KEY_PREFIX}${contentId}`;
}

export function storedReadingMode(contentId: number): ReadingMode | null {
  try {
    const value = localStorage.getItem(readingModeKey(contentId));
    return READING_MODES.find((mode) => mode === value) ?? null;
  } catch {
    return null;
  }
}

export function storeReadingMode(contentId: number, mode: ReadingMode): void {
  try {
    localStorage.setItem(readingModeKey(contentId), mode);
  } catch {
    // Private mode or full storage: the mode is simply not remembered.
  }
}
