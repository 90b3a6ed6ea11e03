import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { recordSecurityEvent, SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { backoffDelayMs, requestedDelayMs } from "./backoff";
import { batchHandlersOf, drainBatch, type OutboxBatchHandler } from "./batch.server";
import { FIELDS_REMOVED_WHEN_FINISHED, type OutboxTopic, type OutboxTopics } from "./enqueue.server";
import { PermanentFailure, Refused, RetryLater } from "./outcomes";

/** What a handler learns about the row it runs. `attempt` counts this run: 1 the first time. */
export interface OutboxJob {
  id: string;
  topic: OutboxTopic;
  attempt: number;
  /** No try follows if this one fails: the handler may record the failure as final. */
  lastAttempt: boolean;
  now: Date;
}

export type OutboxHandler<T extends OutboxTopic> = (payload: OutboxTopics[T], job: OutboxJob) => Promise<void>;

/**
 * One handler per topic, or one batch handler shared by several topics (it takes many rows at once).
 * Rows of a topic without a handler wait, untouched, until one is registered.
 */
export type OutboxHandlers = { [T in OutboxTopic]?: OutboxHandler<T> | OutboxBatchHandler | undefined };

export const OUTBOX_LIMITS = {
  /** Runs of one row before it is given up (about 2.5 hours of retries with the backoff of ./backoff.ts). */
  maxAttempts: 12,
  /** How long a claim holds. A worker that dies mid-row leaves it to be picked up after this. */
  leaseMs: 5 * 60_000,
  /** Rows handled in one drain at most; the next poll takes the rest. */
  rowsPerDrain: 100,
  /** Rows read per query while looking for due work. */
  batchSize: 20,
} as const;

/**
 * Shorter claims for topics whose runs are short by design: a newsletter issue sends a slice of at
 * most 25 s per run, so a process killed mid-slice leaves its issue to another (or to itself, restarted)
 * a minute later rather than five.
 */
const TOPIC_LEASES_MS: Partial<Record<OutboxTopic, number>> = { "newsletter.issue-send": 60_000 };

export interface DrainOptions {
  /** Asked between rows: true stops the drain (shutdown). */
  shouldStop?: () => boolean;
  maxAttempts?: number;
  leaseMs?: number;
  rowsPerDrain?: number;
  /** For the backoff jitter; Math.random by default. */
  random?: () => number;
}

export interface DrainResult {
  /** Rows this drain claimed and ran. */
  claimed: number;
  done: number;
  /** Failed and scheduled again. */
  retried: number;
  gaveUp: number;
  /** Refused for good by the receiving side (a mail server's 5xx): not tried again. */
  refused: number;
  /** Due rows another worker claimed first. */
  lost: number;
  /** When a batch handler held its topics back (a provider's limit): the time it frees them (ms). */
  wakeAt?: number;
}

/** `now` is the services' clock, read afresh for each row. */
export type Services = { db: Db; logger: Logger; now: () => Date };

const clip = (text: string) => (text.length > 1000 ? `${text.slice(0, 1000)}…` : text);
/** An error as stored and logged: short, and with no email address in it (a mail server may quote one). */
const describe = (error: unknown) => clip((error instanceof Error ? error.message : String(error)).replace(/[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+/g, "[email]"));

/**
 * Runs the outbox rows that are due, one at a time, and says what happened. Safe to call from several
 * processes at once: a row runs only after this worker claimed it with a conditional UPDATE that one
 * worker alone can win (docs/decisions/026-outbox-for-deferred-work.md).
 */
export async function drainOutbox(services: Services, handlers: OutboxHandlers, options: DrainOptions = {}): Promise<DrainResult> {
  const limit = options.rowsPerDrain ?? OUTBOX_LIMITS.rowsPerDrain;
  const result: DrainResult = { claimed: 0, done: 0, retried: 0, gaveUp: 0, refused: 0, lost: 0 };
  const paused = new Set<string>();
  const seen = new Set<string>();
  const handled = (Object.keys(handlers) as OutboxTopic[]).filter((topic) => typeof handlers[topic] === "function");
  const batches = batchHandlersOf(handlers);
  const batchesDone = new Set<OutboxBatchHandler>();

  while (result.claimed < limit && !options.shouldStop?.()) {
    // Batch handlers first: each takes its due rows, up to its size, until none are left or it holds back.
    let batched = 0;
    for (const batch of batches) {
      if (batchesDone.has(batch) || result.claimed >= limit || options.shouldStop?.()) continue;
      const ran = await drainBatch(services, batch, options, settleClaim);
      for (const kind of ["claimed", "done", "retried", "gaveUp", "refused", "lost"] as const) result[kind] += ran[kind];
      batched += ran.claimed;
      if (ran.heldUntil !== undefined) result.wakeAt = Math.min(result.wakeAt ?? Infinity, ran.heldUntil);
      if (ran.heldUntil !== undefined || ran.claimed + ran.lost < batch.maxRows) batchesDone.add(batch);
    }
    const topics = handled.filter((topic) => !paused.has(topic));
    if (topics.length === 0) {
      if (batched === 0) break;
      continue;
    }
    const nowText = services.now().toISOString();
    const candidates = (
      await services.db
        .selectFrom("outbox")
        .select(["id", "topic"])
        .where("done_at", "is", null)
        .where("run_at", "<=", nowText)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowText)]))
        .where("topic", "in", topics)
        .orderBy("run_at")
        .orderBy("created_at")
        .limit(OUTBOX_LIMITS.batchSize + seen.size)
        .execute()
    ).filter((row) => !seen.has(row.id));
    if (candidates.length === 0) {
      if (batched === 0) break;
      continue;
    }

    for (const candidate of candidates) {
      if (result.claimed >= limit || options.shouldStop?.()) break;
      seen.add(candidate.id);
      if (paused.has(candidate.topic)) continue;
      const claim = await claimOutboxRow(services.db, candidate.id, services.now(), options.leaseMs ?? TOPIC_LEASES_MS[candidate.topic as OutboxTopic] ?? OUTBOX_LIMITS.leaseMs);
      if (!claim) {
        result.lost += 1;
        continue;
      }
      result.claimed += 1;
      const outcome = await runClaimed(services, handlers, claim, options);
      result[outcome.kind] += 1;
      for (const topic of outcome.pause) paused.add(topic);
    }
  }
  return result;
}

export interface Claim {
  id: string;
  topic: OutboxTopic;
  payload: string;
  attempt: number;
  /** The lease written by this claim: later updates apply only while it is still ours. */
  claimedUntil: string;
}

/**
 * Claims one row for `leaseMs` if it is due and nobody holds it (never claimed, or the holder's lease
 * ran out), counting the run in `attempts`. Returns undefined when another worker got there first.
 */
export async function claimOutboxRow(db: Db, id: string, now: Date, leaseMs: number = OUTBOX_LIMITS.leaseMs): Promise<Claim | undefined> {
  const nowText = now.toISOString();
  const claimedUntil = new Date(now.getTime() + leaseMs).toISOString();
  const updated = await db
    .updateTable("outbox")
    .set((eb) => ({ claimed_until: claimedUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("done_at", "is", null)
    .where("run_at", "<=", nowText)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowText)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return undefined;
  // The claim is ours until claimedUntil: nobody else changes the row meanwhile.
  const row = await db.selectFrom("outbox").select(["topic", "payload", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { id, topic: row.topic as OutboxTopic, payload: row.payload, attempt: Number(row.attempts), claimedUntil };
}

export type Outcome = { kind: "done" | "retried" | "gaveUp" | "refused"; pause: readonly OutboxTopic[] };

/**
 * How a finished row ended, in its `outcome` column: "done", "gave_up" (failed too often, or a failure
 * that no retry can fix) or "refused" (the receiving side said no for good, e.g. a mail server's 5xx).
 */
type OutboxOutcome = "done" | "gave_up" | "refused";

/** The payload as kept after the row finished: without the fields only the work itself needed. */
function finishedPayload(payload: string): string {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return payload;
    const kept = Object.entries(parsed).filter(([key]) => !FIELDS_REMOVED_WHEN_FINISHED.includes(key));
    return JSON.stringify(Object.fromEntries(kept));
  } catch {
    return payload;
  }
}

/** The payload of a claimed row, or a PermanentFailure to record when it cannot run at all. */
export function claimedPayload(claim: Claim, maxAttempts: number): OutboxTopics[OutboxTopic] | PermanentFailure {
  if (claim.attempt > maxAttempts) return new PermanentFailure("the previous run never finished (the worker stopped mid-row)");
  try {
    return JSON.parse(claim.payload) as OutboxTopics[OutboxTopic];
  } catch {
    return new PermanentFailure("the payload is not valid JSON");
  }
}

async function runClaimed(services: Services, handlers: OutboxHandlers, claim: Claim, options: DrainOptions): Promise<Outcome> {
  const maxAttempts = options.maxAttempts ?? OUTBOX_LIMITS.maxAttempts;
  const handler = handlers[claim.topic] as OutboxHandler<OutboxTopic> | undefined;
  try {
    if (!handler) throw new PermanentFailure(`no handler for topic ${claim.topic}`);
    const payload = claimedPayload(claim, maxAttempts);
    if (payload instanceof PermanentFailure) throw payload;
    await handler(payload, { id: claim.id, topic: claim.topic, attempt: claim.attempt, lastAttempt: claim.attempt >= maxAttempts, now: services.now() });
  } catch (caught) {
    return settleClaim(services, claim, caught, options);
  }
  return settleClaim(services, claim, undefined, options);
}

/**
 * Records how a claimed row's run ended: done (`error` undefined), refused, given up, or scheduled
 * again (after the delay a RetryLater asks for, or the backoff; without counting the try when it says so).
 */
export async function settleClaim(services: Services, claim: Claim, error: unknown, options: DrainOptions): Promise<Outcome> {
  const { db, logger } = services;
  const maxAttempts = options.maxAttempts ?? OUTBOX_LIMITS.maxAttempts;
  const mine = () => db.updateTable("outbox").where("id", "=", claim.id).where("claimed_until", "=", claim.claimedUntil).where("done_at", "is", null);
  const finish = (outcome: OutboxOutcome, lastError: string | null, now: Date) =>
    mine().set({ done_at: now.toISOString(), claimed_until: null, last_error: lastError, outcome, payload: finishedPayload(claim.payload) }).executeTakeFirst();
  const now = services.now();
  if (error === undefined) {
    const finished = await finish("done", null, now);
    if (Number(finished.numUpdatedRows) !== 1) logger.warn({ outboxId: claim.id, topic: claim.topic }, "outbox: the claim ran out before the row finished; another worker may run it again");
    return { kind: "done", pause: [] };
  }

  const message = describe(error);
  const attempts = `${claim.attempt} attempt${claim.attempt === 1 ? "" : "s"}`;
  if (error instanceof Refused) {
    const lastError = clip(`refused after ${attempts}: ${message}`);
    await finish("refused", lastError, now);
    await recordSecurityEvent(db, SYSTEM_ACTOR, { type: "outbox_refused", severity: "medium", details: { outboxId: claim.id, topic: claim.topic, attempts: claim.attempt, error: message } }, now);
    logger.error({ outboxId: claim.id, topic: claim.topic, attempts: claim.attempt, error: message }, "outbox: refused for good; not tried again");
    return { kind: "refused", pause: [] };
  }
  const outage = error instanceof RetryLater && error.untilBack;
  if (error instanceof PermanentFailure || (claim.attempt >= maxAttempts && !outage)) {
    const lastError = clip(`gave up after ${attempts}: ${message}`);
    await finish("gave_up", lastError, now);
    await recordSecurityEvent(db, SYSTEM_ACTOR, { type: "outbox_gave_up", severity: "medium", details: { outboxId: claim.id, topic: claim.topic, attempts: claim.attempt, error: message } }, now);
    logger.error({ outboxId: claim.id, topic: claim.topic, attempts: claim.attempt, error: message }, "outbox: gave up on a row");
    return { kind: "gaveUp", pause: [] };
  }

  const asked = error instanceof RetryLater && error.delayMs !== undefined ? requestedDelayMs(error.delayMs) : undefined;
  const delayMs = asked ?? backoffDelayMs(claim.attempt, options.random?.());
  const runAt = new Date(now.getTime() + delayMs).toISOString();
  // Held back by someone else's limit rather than failed, or an outage at the last try: the try is given back
  // (an outage's row then keeps running at the longest backoff until the other side is back).
  const uncounted = (error instanceof RetryLater && !error.countsAsTry) || (outage && claim.attempt >= maxAttempts);
  await mine().set({ run_at: runAt, claimed_until: null, last_error: message, ...(uncounted ? { attempts: claim.attempt - 1 } : {}) }).execute();
  const pause = error instanceof RetryLater ? error.pauseTopics : [];
  if (pause.length > 0) await postpone(db, pause, now, runAt);
  const details = { outboxId: claim.id, topic: claim.topic, attempt: claim.attempt, retryInMs: delayMs, error: message };
  if (uncounted) logger.debug(details, "outbox: a row was held back; it runs again later");
  else logger.warn(details, "outbox: a row failed; it runs again later");
  return { kind: "retried", pause };
}

/**
 * A shared limit was hit (a 429): the other unclaimed rows of those topics that would run before
 * `until` wait until then, and no try is counted for them.
 */
async function postpone(db: Db, topics: readonly OutboxTopic[], now: Date, until: string): Promise<void> {
  const nowText = now.toISOString();
  await db
    .updateTable("outbox")
    .set({ run_at: until })
    .where("topic", "in", topics)
    .where("done_at", "is", null)
    .where("run_at", "<", until)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowText)]))
    .execute();
}
