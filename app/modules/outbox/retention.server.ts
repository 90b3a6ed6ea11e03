import type { Db } from "~/adapters/db/database.server";

/** Finished outbox rows (done or given up) are kept this long for inspection, then deleted. */
export const OUTBOX_KEEP_DONE_DAYS = 7;

/**
 * Deletes outbox rows finished more than a week before `now`. A plain DELETE by time, so several
 * server processes running it at once share the work. Rows still to do are never touched.
 */
export async function deleteFinishedOutboxRows(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_KEEP_DONE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db.deleteFrom("outbox").where("done_at", "is not", null).where("done_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
