/** The stand-in's limits: requests per window, imports per window, and the window's length. */
export interface FakeLimits {
  perWindow?: number;
  importsPerWindow?: number;
  /** 60 s as MailerLite documents; tests may shorten it to stay fast. */
  windowMs?: number;
}

export interface Gate {
  allowed: boolean;
  /** What is left in the window after this request. */
  remaining: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
  /** Whole seconds until the window ends, at least 1 (Retry-After counts in seconds). */
  retryAfterSeconds: number;
}

/**
 * A fixed window as Laravel's throttle (which MailerLite's answers come from) keeps it: the first
 * request after a window ended opens the next one for `windowMs`; `limit` requests pass in it.
 */
export function fixedWindow(limit: number, windowMs: number, now: () => number, opened: () => void = () => {}) {
  let start = -Infinity;
  let used = 0;
  return {
    take(): Gate {
      const at = now();
      if (at >= start + windowMs) {
        start = at;
        used = 0;
        opened();
      }
      const resetAt = start + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - at) / 1000));
      if (used >= limit) return { allowed: false, remaining: 0, resetAt, retryAfterSeconds };
      used += 1;
      return { allowed: true, remaining: limit - used, resetAt, retryAfterSeconds };
    },
  };
}
