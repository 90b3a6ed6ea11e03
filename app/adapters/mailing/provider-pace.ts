import { parseRetryAfter } from "./retry-after";

/**
 * What the provider's limits allow next, read from its answers. MailerLite allows 120 requests a
 * minute per account (X-RateLimit-Limit / X-RateLimit-Remaining on each answer, a 429 with
 * Retry-After beyond) and 5 imports a minute (a batch made only of subscriber upserts), which have a
 * 429 of their own. Every process keeps its own pace; the headers are the account's, so processes
 * sharing a key still learn from each other's use.
 */
export interface ProviderPace {
  /** No request before this time (ms since the epoch); 0 when free. */
  readyAt: number;
  /** No import before this time. */
  importReadyAt: number;
  /** X-RateLimit-Remaining of the last answer that had it. */
  remaining: number | null;
  /** Reads an answer; returns its Retry-After in ms when it had one. */
  observe(status: number, headers: Headers, body: string, now: Date): number | undefined;
}

/** When a 429 names no wait: the provider's window is a minute. */
const DEFAULT_WAIT_MS = 60_000;

export function createPace(): ProviderPace {
  const pace: ProviderPace = {
    readyAt: 0,
    importReadyAt: 0,
    remaining: null,
    observe(status, headers, body, now) {
      const retryAfterMs = parseRetryAfter(headers.get("retry-after"), now);
      const remaining = Number.parseInt(headers.get("x-ratelimit-remaining") ?? "", 10);
      if (Number.isFinite(remaining)) pace.remaining = remaining;
      if (status === 429) {
        const until = now.getTime() + (retryAfterMs ?? DEFAULT_WAIT_MS);
        // The import limit's 429 says so in its message; the requests left are untouched by it.
        if (/import/i.test(body)) pace.importReadyAt = until;
        else pace.readyAt = until;
        return retryAfterMs;
      }
      // None left: wait for the window's end when the answer names it; otherwise the next request
      // is answered 429 with Retry-After, which names it.
      const reset = Number.parseInt(headers.get("x-ratelimit-reset") ?? "", 10);
      if (pace.remaining === 0 && Number.isFinite(reset)) pace.readyAt = Math.max(pace.readyAt, reset * 1000);
      return retryAfterMs;
    },
  };
  return pace;
}
