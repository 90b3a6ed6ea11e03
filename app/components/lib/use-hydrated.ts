import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False in the server render (and so for a page used without JavaScript), true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
