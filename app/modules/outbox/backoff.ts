/**
 * When a failed piece of deferred work runs again (docs/decisions/026-outbox-for-deferred-work.md):
 * 5 s after the first failure, doubling after each one, never more than an hour, each delay moved by
 * up to 20 % either way so that many rows failing together do not come back together.
 */
export const BACKOFF = {
  firstDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  jitter: 0.2,
} as const;

/**
 * The delay before the next try, after `failures` failed tries (1 or more). `random` is a number in
 * [0, 1), as from Math.random. The jittered delay is held under the cap, so near the cap it only
 * moves down.
 */
export function backoffDelayMs(failures: number, random: number = Math.random()): number {
  const exponent = Math.max(0, Math.min(failures, 40) - 1);
  const base = Math.min(BACKOFF.maxDelayMs, BACKOFF.firstDelayMs * 2 ** exponent);
  const factor = 1 - BACKOFF.jitter + 2 * BACKOFF.jitter * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(BACKOFF.maxDelayMs, base * factor));
}

/** A delay a handler asked for (e.g. from Retry-After), kept between 0 and the cap. */
export function requestedDelayMs(delayMs: number): number {
  if (!Number.isFinite(delayMs)) return BACKOFF.maxDelayMs;
  return Math.round(Math.min(BACKOFF.maxDelayMs, Math.max(0, delayMs)));
}
