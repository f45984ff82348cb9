import { useEffect } from 'react';
import { map } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useHydrated } from '@/ui/use-hydrated';
import { INITIAL_REALTIME_STATE, sharedRealtime, type RealtimeState } from '@/lib/realtime/realtime';

// What a server render shows (there is no socket there); equal to the client's state before start.
const offline = map<RealtimeState>({ ...INITIAL_REALTIME_STATE });

/** The page's shared `/ws` connection, opened on mount, and its live state. */
export function useRealtime(): RealtimeState {
  const onServer = typeof window === 'undefined';
  const state = useStore(onServer ? offline : sharedRealtime().$state);
  useEffect(() => sharedRealtime().start(), []);
  // Another island may have opened the socket already: hydrate with what the server rendered.
  return useHydrated() ? state : offline.get();
}
