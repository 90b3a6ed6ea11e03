import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, SecurityEventsTable, Severity } from "~/adapters/db/schema";
import { consume, peek } from "~/modules/rate-limit/rate-limit.server";
import { redact } from "./redact";
import { foldKey, MANY_SOURCES, REPEATS, sourceOf } from "./security-event-repeats";

type Row = Omit<SecurityEventsTable, "count" | "fold_key">;

export interface SecurityEventInput {
  type: string;
  severity: Severity;
  details?: Record<string, unknown>;
}

const clip = (value: string | null, length: number) => (value === null ? null : value.slice(0, length));

/**
 * Writes a security event so that no client can flood the log. Events the server records about itself
 * (no client address, e.g. the outbox giving up) are single rows. A high or critical event is a single
 * row while its source has singles left this hour. Every other event adds one to the counted row of
 * its kind, source and hour, opening that row if it is the first (see `openOrShare`). Each step is one
 * atomic statement, so parallel requests and several server processes count every event exactly once.
 */
export async function writeSecurityEvent(
  db: Kysely<Database>,
  actor: { userId: string | null; ip: string | null; userAgent: string | null },
  event: SecurityEventInput,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const row: Row = {
    id: randomUUID(),
    event_type: event.type,
    user_id: actor.userId,
    details: JSON.stringify(redact(event.details ?? {})),
    severity: event.severity,
    ip_address: clip(actor.ip, 64),
    user_agent: clip(actor.userAgent, 400),
    timestamp: at,
    last_seen_at: at,
  };
  if (actor.ip === null) return insertSingle(db, row);
  const source = sourceOf(actor);
  if (REPEATS.singleSeverities.includes(event.severity) && (await consume(db, REPEATS.singlesPerSource, source, now)).allowed) {
    return insertSingle(db, row);
  }
  const key = foldKey(event.type, source, now);
  if (await addRepeat(db, key, at)) return;
  await openOrShare(db, key, row, now);
}

/**
 * The first event of a source in this hour: a kind may open `rowsPerKind` rows an hour, after which
 * new sources share one row (no address, user or browser). Of parallel first events exactly one opens
 * the row (insert … on conflict do nothing) and takes a row from the allowance; the others count into
 * it. When the allowance ran out meanwhile, the opener moves its row's count into the shared row.
 */
async function openOrShare(db: Kysely<Database>, key: string, row: Row, now: Date): Promise<void> {
  const sharedKey = foldKey(row.event_type, MANY_SOURCES, now);
  const shared = { ...row, user_id: null, ip_address: null, user_agent: null };
  if (!(await peek(db, REPEATS.rowsPerKind, row.event_type, now)).allowed) return upsertCounted(db, sharedKey, shared, 1);
  const opened = await db
    .insertInto("security_events")
    .values({ ...row, count: 1, fold_key: key })
    .onConflict((conflict) => conflict.column("fold_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!opened) {
    if (await addRepeat(db, key, row.timestamp)) return;
    return upsertCounted(db, sharedKey, shared, 1);
  }
  if ((await consume(db, REPEATS.rowsPerKind, row.event_type, now)).allowed) return;
  const move = async (trx: Kysely<Database>) => {
    const removed = await trx.deleteFrom("security_events").where("id", "=", opened.id).returning("count").executeTakeFirst();
    if (removed) await upsertCounted(trx, sharedKey, shared, Number(removed.count));
  };
  await (db.isTransaction ? move(db) : db.transaction().execute(move));
}

async function insertSingle(db: Kysely<Database>, row: Row): Promise<void> {
  await db.insertInto("security_events").values(row).execute();
}

/** The latest of the stored last-seen time and this event's, whichever request commits first. */
const laterOf = (at: string) => sql<string>`case when security_events.last_seen_at is null or security_events.last_seen_at < ${at} then ${at} else security_events.last_seen_at end`;

/** Adds one to an existing counted row; false when the window has no row yet. */
async function addRepeat(db: Kysely<Database>, key: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("security_events")
    .set({ count: sql<number>`security_events.count + 1`, last_seen_at: laterOf(at) })
    .where("fold_key", "=", key)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Opens a counted row at `count`, or adds `count` to it when another request opened it first. */
async function upsertCounted(db: Kysely<Database>, key: string, row: Row, count: number): Promise<void> {
  await db
    .insertInto("security_events")
    .values({ ...row, id: randomUUID(), count, fold_key: key })
    .onConflict((conflict) => conflict.column("fold_key").doUpdateSet({ count: sql<number>`security_events.count + ${count}`, last_seen_at: laterOf(row.timestamp) }))
    .execute();
}
