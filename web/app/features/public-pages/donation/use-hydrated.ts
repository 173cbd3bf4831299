import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while rendering the prerendered HTML and during hydration, true afterwards (and at once
 * on client-side navigations). Lets a prerendered page read browser-only state, such as the
 * query string, without a hydration mismatch.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
