import type { Kysely } from "kysely";
import type { Database } from "~/adapters/db/schema";

/**
 * How many security events the log holds: the sum of the rows' counts, since repeats from one source
 * within an hour are counted into one row.
 */
export async function securityEventTotal(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("security_events").select((eb) => eb.fn.sum<number>("count").as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}
