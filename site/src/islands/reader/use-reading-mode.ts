import { useLayoutEffect, useState } from 'react';
import type { ReadingMode } from '@warraq/contracts';
import { storedReadingMode } from './reading-mode-store';

/**
 * The reading mode: the one the server gave, or — when it did not come from the user's account
 * (`fromServer` false: a guest, or a public document) — the one this browser remembers for the series,
 * once hydrated. Read in a layout effect, so the island's first painted render is already in it (the
 * directive holds the island out of sight until then: lib/astro/held-island.ts).
 */
export function useReadingMode(initial: ReadingMode, contentId: number, fromServer: boolean) {
  const [mode, setMode] = useState<ReadingMode>(initial);
  useLayoutEffect(() => {
    if (fromServer) return;
    const stored = storedReadingMode(contentId);
    if (stored) setMode(stored);
  }, [fromServer, contentId]);
  return [mode, setMode] as const;
}
