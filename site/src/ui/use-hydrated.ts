import { useEffect, useState } from 'react';

/** False during server rendering and until the island runs; submit buttons stay disabled until then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
