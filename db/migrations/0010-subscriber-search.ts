import { PostgresAdapter, sql, type Kysely } from "kysely";

// The admin's subscriber list at a million rows (docs/decisions/029-subscriber-search-by-prefix.md):
// - first_name_key / last_name_key hold the names folded for search (lower case, no accents), written
//   by the application (SQLite's lower() folds only A–Z); 0011 fills them for existing rows.
// - Search is a prefix match, a range on an index. Ranges follow the "C" (code point) order on both
//   databases: SQLite compares bytes, and on PostgreSQL the searched columns get the "C" collation
//   whatever the database's default (equality, and so the unique email, is unchanged by it).
// - (created_at, id) orders the list newest first, with a tie-breaker, and lets the CSV export read
//   in keyset batches; it replaces the index on created_at alone.
// - The source and unsubscribed_at indexes let the page count by source and by status from indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const collated = postgres ? sql`collate "C"` : sql``;
  await db.schema.alterTable("subscribers").addColumn("first_name_key", "text", (column) => column.modifyEnd(collated)).execute();
  await db.schema.alterTable("subscribers").addColumn("last_name_key", "text", (column) => column.modifyEnd(collated)).execute();
  if (postgres) await sql`alter table subscribers alter column email type varchar(254) collate "C"`.execute(db);

  await db.schema.createIndex("subscribers_first_name_key").on("subscribers").column("first_name_key").execute();
  await db.schema.createIndex("subscribers_last_name_key").on("subscribers").column("last_name_key").execute();
  await db.schema.createIndex("subscribers_newest").on("subscribers").columns(["created_at", "id"]).execute();
  await db.schema.dropIndex("subscribers_created_at").execute();
  await db.schema.createIndex("subscribers_source").on("subscribers").column("source").execute();
  await db.schema.createIndex("subscribers_unsubscribed").on("subscribers").columns(["unsubscribed_at", "is_verified"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex("subscribers_unsubscribed").execute();
  await db.schema.dropIndex("subscribers_source").execute();
  await db.schema.createIndex("subscribers_created_at").on("subscribers").column("created_at").execute();
  await db.schema.dropIndex("subscribers_newest").execute();
  await db.schema.dropIndex("subscribers_last_name_key").execute();
  await db.schema.dropIndex("subscribers_first_name_key").execute();
  if (postgres) await sql`alter table subscribers alter column email type varchar(254) collate "default"`.execute(db);
  await db.schema.alterTable("subscribers").dropColumn("last_name_key").execute();
  await db.schema.alterTable("subscribers").dropColumn("first_name_key").execute();
}
