import { useEffect, useRef } from "react";

/**
 * Calls `onAnswer` once for each new answer a fetcher receives (a toast, clearing a field), not again
 * when the component re-renders with the same data. The latest `onAnswer` is used.
 */
export function useFetcherAnswer<T>(fetcher: { state: string; data: T | undefined }, onAnswer: (data: T) => void): void {
  const answered = useRef<T | undefined>(undefined);
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
