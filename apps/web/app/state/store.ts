// A minimal Redux-style store (state + reducer + dispatch) that React reads with useSyncExternalStore.
import { useSyncExternalStore } from 'react';

export interface Store<S, A> {
  getState(): S;
  dispatch(action: A): void;
  subscribe(listener: () => void): () => void;
}

/**
 * `init` runs on first read in the browser (it may read localStorage); `serverState` is what the
 * server render and hydration see, so the first client render matches the HTML.
 */
export function createStore<S, A>(reducer: (state: S, action: A) => S, init: () => S): Store<S, A> {
  let state: S | undefined;
  const listeners = new Set<() => void>();
  return {
    getState: () => (state ??= init()),
    dispatch(action) {
      const next = reducer((state ??= init()), action);
      if (next === state) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<S, A>(store: Store<S, A>, serverState: S): S {
  return useSyncExternalStore(store.subscribe, store.getState, () => serverState);
}
