/**
 * How a paged page is sized, a display preference of this browser (guests and readers alike):
 * `height` shows the whole page with the page controls on one screen, `width` fills the column,
 * `original` shows the stored pixels. `/theme-boot.js` copies the stored choice onto
 * `<html data-reader-fit>` before first paint, so the server-rendered pages never jump to it.
 */
export const READER_FITS = ['height', 'width', 'original'] as const;
export type ReaderFit = (typeof READER_FITS)[number];

const KEY = 'warraq_reader_fit';

export function currentReaderFit(): ReaderFit {
  const value = document.documentElement.dataset.readerFit;
  return READER_FITS.find((fit) => fit === value) ?? 'height';
}

export function applyReaderFit(fit: ReaderFit): void {
  document.documentElement.dataset.readerFit = fit;
  try {
    localStorage.setItem(KEY, fit);
  } catch {
    // Private mode or full storage: the choice holds for this page only.
  }
}
