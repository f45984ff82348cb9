// The readers' chapter pickers (the image reader's <select>, the novel reader's list) offer the
// chapters around the open one, and the series' first and last, not every number: a web novel of
// 1,500 chapters put 1,500 entries in every chapter's HTML (308 KB, 4,500 elements on a phone),
// for a picker used to jump a few chapters. The series page's list holds them all.
import type { ChapterReader } from '@warraq/contracts';

/** How many chapters either side of the open one a picker offers. */
export const PICKER_REACH = 15;

export interface ChapterPicker {
  /** Ascending: the first chapter, the chapters around the open one, the last. */
  numbers: number[];
  /** How many chapter numbers the series has: more than `numbers` holds when some were left out. */
  total: number;
}

/** A chapter as the image reader's island gets it: its picker comes separately, windowed. */
export type PickerlessChapter = Omit<ChapterReader, 'chapterNumbers'>;

/**
 * The picker's numbers for the open chapter `current` among `all` (the series' numbers, ascending,
 * as the chapter API gives them). A current number missing from `all` (a pending chapter staff
 * opened) is placed in order so the picker can still show it selected.
 */
export function chapterPicker(all: readonly number[], current: number, reach = PICKER_REACH): ChapterPicker {
  const numbers = all.includes(current) ? [...all] : [...all, current].sort((a, b) => a - b);
  const at = numbers.indexOf(current);
  const from = Math.max(0, at - reach);
  const to = Math.min(numbers.length, at + reach + 1);
  const window = numbers.slice(from, to);
  if (from > 0) window.unshift(numbers[0]!);
  if (to < numbers.length) window.push(numbers.at(-1)!);
  return { numbers: window, total: all.length };
}

/** Where a picker's «كل الفصول» leads: the series page, at its chapters panel (SeriesPage.astro). */
export function allChaptersHref(seriesHref: string): string {
  return `${seriesHref}#series-panel-chapters`;
}

export function pickerlessChapter({ chapterNumbers: _all, ...chapter }: ChapterReader): PickerlessChapter {
  return chapter;
}
