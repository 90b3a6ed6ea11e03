import type { OutboxTopic } from "./enqueue.server";

/**
 * What a handler throws to steer the worker. Any other error is a temporary failure: the row runs
 * again after the backoff delay, until it has run MAX_ATTEMPTS times.
 */

/** Try again after `delayMs` (e.g. a 429's Retry-After), or after the usual backoff when it is absent. */
export class RetryLater extends Error {
  override name = "RetryLater";
  readonly delayMs: number | undefined;
  /** Topics that share the limit that was hit: their other due rows wait as long, without a try counted. */
  readonly pauseTopics: readonly OutboxTopic[];
  /** False when the row was only held back (a provider's rate limit), not failed: the try is not counted. */
  readonly countsAsTry: boolean;
  /**
   * The other side is down (a mail server that cannot be reached): the row keeps its backoff, at most
   * an hour apart, but is never given up for the number of its tries, so a long outage loses nothing.
   */
  readonly untilBack: boolean;

  constructor(message: string, options: { delayMs?: number | undefined; pauseTopics?: readonly OutboxTopic[]; countsAsTry?: boolean; untilBack?: boolean } = {}) {
    super(message);
    this.delayMs = options.delayMs;
    this.pauseTopics = options.pauseTopics ?? [];
    this.countsAsTry = options.countsAsTry ?? true;
    this.untilBack = options.untilBack ?? false;
  }
}

/** Trying again cannot help (e.g. the provider refused the request as invalid): give up now. */
export class PermanentFailure extends Error {
  override name = "PermanentFailure";
}

/**
 * The receiving side refused this work for good (a mail server's 5xx to the message): give up now, and
 * record the row as refused rather than as given up after failures.
 */
export class Refused extends PermanentFailure {
  override name = "Refused";
}
