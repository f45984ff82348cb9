import { useEffect, useRef } from 'react';

/**
 * `?new=1` (the dashboard's Add buttons) opens a page's add dialog once, on load. The flag is then
 * dropped from the address so a reload or a shared link does not open it again.
 */
export function useNewFlag(openNew: boolean, open: () => void): void {
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!openNew) return;
    openRef.current();
    const url = new URL(window.location.href);
    url.searchParams.delete('new');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [openNew]);
}
