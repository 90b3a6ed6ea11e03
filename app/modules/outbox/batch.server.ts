import type { ExpressionBuilder } from "kysely";
import type { Database } from "~/adapters/db/schema";
import type { OutboxTopic, OutboxTopics } from "./enqueue.server";
import { claimedPayload, OUTBOX_LIMITS, type Claim, type DrainOptions, type DrainResult, type OutboxHandlers, type OutboxJob, type Outcome, type Services } from "./drain.server";
import { PermanentFailure } from "./outcomes";

/**
 * A handler that takes many due rows of its topics at once, for work that costs one request for all
 * of them (a provider's batch endpoint). Registered under each of its topics in OutboxHandlers.
 */
export interface OutboxBatchHandler {
  kind: "batch";
  topics: readonly OutboxTopic[];
  /** The most rows handed over in one call. */
  maxRows: number;
  /** No row is claimed before this time (ms since the epoch), e.g. until a rate limit's window ends; 0 when free. */
  heldUntil(now: Date): number;
  /**
   * Does the work of the rows. Answers, by row id, what became of each: undefined when done, else
   * what to record, as a single handler would throw it (RetryLater, PermanentFailure, any error).
   */
  run(jobs: BatchJob[]): Promise<Map<string, unknown>>;
}

export interface BatchJob {
  topic: OutboxTopic;
  payload: OutboxTopics[OutboxTopic];
  job: OutboxJob;
}

export type BatchDrainResult = Omit<DrainResult, "wakeAt"> & {
  /** Set when the handler held its topics back: when it will take rows again. */
  heldUntil?: number;
};

export const isBatchHandler = (value: unknown): value is OutboxBatchHandler => typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "batch";

/** The distinct batch handlers among the handlers. */
export function batchHandlersOf(handlers: OutboxHandlers): OutboxBatchHandler[] {
  return [...new Set(Object.values(handlers).filter(isBatchHandler))];
}

type Settle = (services: Services, claim: Claim, error: unknown, options: DrainOptions) => Promise<Outcome>;

/**
 * Claims up to `maxRows` due rows of the handler's topics in one statement, oldest first, runs them
 * through the handler at once and records each row's outcome as drainOutbox does for a single row.
 */
export async function drainBatch(services: Services, handler: OutboxBatchHandler, options: DrainOptions, settle: Settle): Promise<BatchDrainResult> {
  const result: BatchDrainResult = { claimed: 0, done: 0, retried: 0, gaveUp: 0, refused: 0, lost: 0 };
  const now = services.now();
  const held = handler.heldUntil(now);
  if (held > now.getTime()) return { ...result, heldUntil: held };
  const nowText = now.toISOString();
  const unclaimed = (eb: ExpressionBuilder<Database, "outbox">) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowText)]);
  const due = await services.db
    .selectFrom("outbox")
    .select("id")
    .where("done_at", "is", null)
    .where("run_at", "<=", nowText)
    .where(unclaimed)
    .where("topic", "in", handler.topics)
    .orderBy("run_at")
    .orderBy("created_at")
    .limit(handler.maxRows)
    .execute();
  if (due.length === 0) return result;
  const claimedUntil = new Date(now.getTime() + (options.leaseMs ?? OUTBOX_LIMITS.leaseMs)).toISOString();
  const rows = await services.db
    .updateTable("outbox")
    .set((eb) => ({ claimed_until: claimedUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due.map((row) => row.id))
    .where("done_at", "is", null)
    .where("run_at", "<=", nowText)
    .where(unclaimed)
    .returning(["id", "topic", "payload", "attempts"])
    .execute();
  result.lost = due.length - rows.length;
  result.claimed = rows.length;
  const maxAttempts = options.maxAttempts ?? OUTBOX_LIMITS.maxAttempts;
  const claims: Claim[] = rows.map((row) => ({ id: row.id, topic: row.topic as OutboxTopic, payload: row.payload, attempt: Number(row.attempts), claimedUntil }));
  const outcomes = new Map<string, unknown>();
  const jobs: BatchJob[] = [];
  for (const claim of claims) {
    const payload = claimedPayload(claim, maxAttempts);
    if (payload instanceof PermanentFailure) outcomes.set(claim.id, payload);
    else jobs.push({ topic: claim.topic, payload, job: { id: claim.id, topic: claim.topic, attempt: claim.attempt, lastAttempt: claim.attempt >= maxAttempts, now } });
  }
  if (jobs.length > 0) {
    try {
      for (const [id, outcome] of await handler.run(jobs)) outcomes.set(id, outcome);
    } catch (error) {
      // The handler failed as a whole: every row it had fails with that error.
      for (const job of jobs) outcomes.set(job.job.id, error);
    }
  }
  // One commit for the whole batch rather than one per row.
  await services.db.transaction().execute(async (trx) => {
    for (const claim of claims) result[(await settle({ ...services, db: trx }, claim, outcomes.get(claim.id), options)).kind] += 1;
  });
  return result;
}
