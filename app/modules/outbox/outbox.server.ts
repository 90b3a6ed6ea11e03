import type { Logger } from "pino";
import { sql, type SelectQueryBuilder } from "kysely";
import type { Db, DialectName } from "~/adapters/db/database.server";
import type { Database } from "~/adapters/db/schema";
import type { OutboxHandlers } from "./drain.server";
import { enqueue, type OutboxTopic, type OutboxTopics } from "./enqueue.server";
import { startOutboxWorker, type OutboxWorker, type WorkerTiming } from "./worker.server";

/** A query that selects, in a column named `id`, the subjects to queue work for. */
export type IdsQuery = SelectQueryBuilder<Database, keyof Database, { id: string }>;

/**
 * The outbox as the server builds it once at start (services.outbox): deferred work is written in the
 * transaction of the change that calls for it, and the worker this process runs is woken to do it.
 */
export interface Outbox {
  /** Writes one piece of deferred work; pass the transaction of the change that calls for it. */
  enqueue: typeof enqueue;
  /**
   * Writes one row of `topic` for each id the query selects, its payload `{ [field]: id }`, in one
   * statement (no list in memory); ids that already have a row of this topic waiting are skipped.
   * Returns how many rows were added.
   */
  enqueueFromQuery<T extends OutboxTopic>(db: Db, topic: T, field: keyof OutboxTopics[T] & string, ids: IdsQuery, now: Date): Promise<number>;
  /** Asks the worker to look for due work now; does nothing in a process that runs none (scripts). */
  wake(): void;
  /** Runs this process's worker with these handlers until `stop`; `wake` reaches it from then on. */
  start(handlers: OutboxHandlers, timing?: WorkerTiming): OutboxWorker;
}

export function createOutbox(services: { dialect: DialectName; db: Db; logger: Logger; now: () => Date }): Outbox {
  let worker: OutboxWorker | undefined;
  return {
    enqueue,
    async enqueueFromQuery(db, topic, field, ids, now) {
      const stamp = now.toISOString();
      // The same text JSON.stringify gives `{ [field]: id }`, so a row queued one at a time compares equal.
      const payload = sql<string>`${sql.lit(`{"${field}":"`)} || source.id || ${sql.lit('"}')}`;
      const newId = services.dialect === "postgres" ? sql<string>`gen_random_uuid()::text` : sql<string>`lower(hex(randomblob(16)))`;
      const result = await db
        .insertInto("outbox")
        .columns(["id", "topic", "payload", "attempts", "run_at", "claimed_until", "last_error", "created_at", "done_at"])
        .expression(
          db
            .selectFrom(ids.as("source"))
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom("outbox as waiting").select("waiting.id").where("waiting.topic", "=", topic).where("waiting.done_at", "is", null).where("waiting.payload", "=", payload))),
            )
            .select([
              newId.as("id"),
              sql.lit(topic).as("topic"),
              payload.as("payload"),
              sql.lit(0).as("attempts"),
              sql.val(stamp).as("run_at"),
              sql.lit(null).as("claimed_until"),
              sql.lit(null).as("last_error"),
              sql.val(stamp).as("created_at"),
              sql.lit(null).as("done_at"),
            ]),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    wake: () => worker?.wake(),
    start(handlers, timing) {
      worker = startOutboxWorker(services, handlers, timing);
      return worker;
    },
  };
}
