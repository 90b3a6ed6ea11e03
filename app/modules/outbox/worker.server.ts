import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { drainOutbox, OUTBOX_LIMITS, type OutboxHandlers } from "./drain.server";
import type { OutboxTopic } from "./enqueue.server";
import { crowdGate, type CrowdGateOptions, type CrowdVerdict } from "./crowd-gate";

/**
 * The outbox worker (docs/decisions/026-outbox-for-deferred-work.md): inside the server process, it
 * drains due rows every 2 seconds, and at once when woken after an enqueue. Every process may run
 * one; row claims keep each row to one worker at a time. Due rows are judged by the services' clock,
 * the one that stamped them when they were enqueued. While requests crowd the process, due rows wait
 * a few seconds at most (./crowd-gate.ts).
 */

export interface OutboxWorker {
  /** Look for due work now (e.g. right after a commit that enqueued some); cheap to call often. */
  wake: () => void;
  /** Stops polling and waits (at most `graceMs`) for the row in hand to finish. */
  stop: () => Promise<void>;
}

/** How often the worker looks for due work, when it first looks, and how long a stop waits for the row in hand. */
export interface WorkerTiming {
  pollMs?: number;
  firstRunMs?: number;
  graceMs?: number;
  crowd?: CrowdGateOptions;
}

/** How soon a worker held back by a crowd looks again. */
const WAIT_RECHECK_MS = 500;

export function startOutboxWorker(
  services: { db: Db; logger: Logger; now: () => Date },
  handlers: OutboxHandlers,
  { pollMs = 2_000, firstRunMs = 1_000, graceMs = 5_000, crowd }: WorkerTiming = {},
): OutboxWorker {
  const { logger } = services;
  const waiting = (Object.keys(handlers) as OutboxTopic[]).filter((topic) => !handlers[topic]);
  if (waiting.length > 0) logger.warn({ topics: waiting }, "outbox: no handler for these topics yet; their rows wait");

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const gate = crowdGate(crowd);

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  /** Sooner than the next poll when a batch handler said when it takes rows again (a provider's window). */
  let nextMs = pollMs;
  const drainOnce = async (verdict: CrowdVerdict) => {
    nextMs = pollMs;
    do {
      again = false;
      try {
        const result = await drainOutbox(services, handlers, { shouldStop: () => stopped });
        if (result.claimed > 0 || result.lost > 0) logger.info({ job: "outbox", result }, "outbox: drained");
        // A full drain leaves more due work: go on without waiting for the next poll.
        if (result.claimed >= OUTBOX_LIMITS.rowsPerDrain) again = true;
        if (result.wakeAt !== undefined) nextMs = Math.min(pollMs, Math.max(0, result.wakeAt - services.now().getTime()));
      } catch (error) {
        logger.error({ err: error, job: "outbox" }, "outbox: drain failed; it runs again next round");
      }
      // Under a crowd, one bounded drain; the rest waits for the next verdict.
    } while (again && !stopped && verdict === "all");
  };

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const verdict = gate.verdict();
    if (verdict === "wait") {
      schedule(Math.min(pollMs, WAIT_RECHECK_MS));
      return;
    }
    running = drainOnce(verdict).finally(() => {
      running = undefined;
      gate.idle();
      schedule(nextMs);
    });
  }

  schedule(firstRunMs);
  return {
    wake: () => {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (!running) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
  };
}
