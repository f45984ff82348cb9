import {
  NOVEL_READER_ALIGNS,
  NOVEL_READER_FONTS,
  NOVEL_READER_LIMITS as L,
  NOVEL_READER_THEMES,
} from '@warraq/contracts/browser';
import type { NovelReaderSettings } from '@warraq/contracts';

/** This browser's settings, for guests (a signed-in reader's live in their preferences). */
export const GUEST_SETTINGS_KEY = 'warraq:novel-reader';

/** A guest's position in a chapter: the index of the block at the top of the screen. */
export function guestPositionKey(chapterId: number): string {
  return `warraq:novel-position:${chapterId}`;
}

/**
 * How the settings reach the article, without re-rendering its text: the choices as `data-nr-*`
 * attributes, the numbers as `--nr-*` custom properties (the reader's CSS reads both).
 * `src/boot/theme-boot.js` applies a guest's stored settings the same way before first paint.
 */
export const SETTING_KINDS = {
  font: NOVEL_READER_FONTS,
  theme: NOVEL_READER_THEMES,
  align: NOVEL_READER_ALIGNS,
  size: [L.sizeMin, L.sizeMax],
  lineHeight: [L.lineHeightMin, L.lineHeightMax],
  width: [L.widthMin, L.widthMax],
} as const satisfies Record<keyof NovelReaderSettings, readonly (string | number)[]>;

export function settingAttributes(settings: NovelReaderSettings): {
  attributes: Record<string, string>;
  style: string;
} {
  return {
    attributes: {
      'data-nr-font': settings.font,
      'data-nr-theme': settings.theme,
      'data-nr-align': settings.align,
    },
    style: `--nr-size:${settings.size};--nr-lineHeight:${settings.lineHeight};--nr-width:${settings.width}`,
  };
}

/** Applies one setting to the article the way {@link settingAttributes} renders it. */
export function applySetting<K extends keyof NovelReaderSettings>(
  article: HTMLElement,
  key: K,
  value: NovelReaderSettings[K],
): void {
  if (typeof value === 'number') article.style.setProperty(`--nr-${key}`, String(value));
  else article.setAttribute(`data-nr-${key}`, value);
}

/**
 * The block at the top of the reading area: the last of `count` whose top (`topOf`, in the same
 * coordinates as `y`) is at or above `y`, found by halving since tops only grow; 0 when even the
 * first is below it.
 */
export function topmostBlock(count: number, topOf: (index: number) => number, y: number): number {
  let low = 0;
  let high = count - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (topOf(mid) <= y) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * How far through the chapter the reader is, 0–100: the share of the text above the bottom of the
 * screen. The bar's width and the number beside it both show this one value.
 */
export function readingPercent(textTop: number, textHeight: number, viewportBottom: number): number {
  if (textHeight <= 0) return 100;
  const read = (viewportBottom - textTop) / textHeight;
  return Math.round(Math.min(1, Math.max(0, read)) * 100);
}
