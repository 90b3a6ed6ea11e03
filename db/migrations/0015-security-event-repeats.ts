import type { Kysely } from "kysely";

// Repeats of one security event from one source are kept as one row with a count, so a client that
// sends thousands of forged links adds a handful of rows instead of one row per request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("security_events")
    // How many events the row stands for: 1 for a single event, more once repeats are folded into it.
    .addColumn("count", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  // The time of the latest event folded into the row (the `timestamp` column keeps the first one).
  await db.schema.alterTable("security_events").addColumn("last_seen_at", "varchar(32)").execute();
  // Names the kind, the source and the time window a counted row gathers; null on single events.
  await db.schema.alterTable("security_events").addColumn("fold_key", "varchar(255)").execute();
  // Unique, so the first event of a window inserts the row and the others update it in one statement.
  await db.schema.createIndex("security_events_fold_key").on("security_events").column("fold_key").unique().execute();
  // The dashboard counts rows active in the last 24 hours: first seen or last seen since then.
  await db.schema.createIndex("security_events_last_seen_at").on("security_events").column("last_seen_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("security_events_last_seen_at").execute();
  await db.schema.dropIndex("security_events_fold_key").execute();
  for (const column of ["fold_key", "last_seen_at", "count"]) await db.schema.alterTable("security_events").dropColumn(column).execute();
}
