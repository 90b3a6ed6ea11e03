import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import type { SubscribersTable } from "~/adapters/db/schema";
import { searchKey } from "~/modules/newsletter/subscriber-search";
import { createLogger } from "../../server/logger";

/**
 * A subscriber row written directly (the tests of the outbox and the provider sync do not go through
 * the subscribe form). Confirmed unless told otherwise.
 */
export async function insertSubscriber(db: Db, row: Partial<SubscribersTable> & { email: string }): Promise<SubscribersTable> {
  const values = subscriberRow(row);
  await db.insertInto("subscribers").values(values).execute();
  return values;
}

/** A complete subscriber row from the fields a test cares about (for bulk inserts too). */
export function subscriberRow(row: Partial<SubscribersTable> & { email: string }): SubscribersTable {
  return {
    id: randomUUID(),
    first_name: null,
    last_name: null,
    message: null,
    interests: "[]",
    source: "footer-newsletter",
    language: "en",
    unsubscribe_token: randomBytes(32).toString("hex"),
    confirm_token_hash: null,
    is_verified: 1,
    created_at: new Date("2026-11-01T00:00:00.000Z").toISOString(),
    confirmed_at: row.is_verified === 0 ? null : new Date("2026-11-01T00:05:00.000Z").toISOString(),
    unsubscribed_at: null,
    provider_id: null,
    // Searchable like a subscriber who came through the form.
    first_name_key: searchKey(row.first_name),
    last_name_key: searchKey(row.last_name),
    ...row,
  };
}

/** A logger whose JSON lines are kept, to check what reached the logs. */
export function capturingLogger(level = "debug") {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
