import { useEffect } from 'react';

/**
 * Keeps a page's view in the address (`?tab=`, a filter), so a reload or a shared link opens the
 * same view: each name gets its value, or is left out when the value is null (the default view).
 */
export function useParamsInAddress(params: Record<string, string | null>) {
  const key = JSON.stringify(params);
  useEffect(() => {
    const url = new URL(window.location.href);
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string | null>)) {
      if (value === null) url.searchParams.delete(name);
      else url.searchParams.set(name, value);
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [key]);
}
