import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A nanostores store's value in a component, which re-renders when it changes: React's own
 * useSyncExternalStore over the store's listen and get. Used instead of @nanostores/react, whose
 * per-key subscriptions (unused here) brought nanostores' listenKeys and deep-map code into every
 * island's first load.
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  return useSyncExternalStore(subscribe, store.get, store.get);
}
