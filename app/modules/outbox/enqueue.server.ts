import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/adapters/db/schema";

/** The kinds of deferred work, each with its payload. */
export interface OutboxTopics {
  /** Mail the double opt-in link to a new subscriber. */
  "newsletter.confirmation-mail": { subscriberId: string };
  /** Add or update a confirmed subscriber at the mailing provider. */
  "newsletter.provider-upsert": { subscriberId: string };
  /** Tell the mailing provider a subscriber left. */
  "newsletter.provider-unsubscribe": { subscriberId: string };
}
export type OutboxTopic = keyof OutboxTopics;

/**
 * Writes one piece of deferred work. Pass the transaction of the change that calls for it: the work
 * then exists exactly when the change committed, and survives a crash right after.
 */
export async function enqueue<T extends OutboxTopic>(db: Kysely<Database>, topic: T, payload: OutboxTopics[T], now: Date): Promise<string> {
  const id = randomUUID();
  const stamp = now.toISOString();
  await db
    .insertInto("outbox")
    .values({ id, topic, payload: JSON.stringify(payload), attempts: 0, run_at: stamp, claimed_until: null, last_error: null, created_at: stamp, done_at: null })
    .execute();
  return id;
}
