import { useEffect, useState } from 'react';
import type { ReadingMode } from '@warraq/contracts';
import { storedReadingMode } from './reading-mode-store';

/**
 * The reading mode: the one the server gave, or — when it did not come from the user's account
 * (`fromServer` false: a guest) — the one this browser remembers for the series, once hydrated.
 */
export function useReadingMode(initial: ReadingMode, contentId: number, fromServer: boolean) {
  const [mode, setMode] = useState<ReadingMode>(initial);
  useEffect(() => {
    if (fromServer) return;
    const stored = storedReadingMode(contentId);
    if (stored) setMode(stored);
  }, [fromServer, contentId]);
  return [mode, setMode] as const;
}
