import type { Kysely } from "kysely";

// The newsletter (plus language and confirmation) and the outbox: work
// that must happen after a commit and survive a crash (the confirmation mail, the mailing-provider
// sync) is written in the same transaction as the change and done by a worker in the server process.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("subscribers")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    // Trimmed and lower-cased before it is stored: the unique index makes duplicates impossible.
    .addColumn("email", "varchar(254)", (column) => column.notNull().unique())
    .addColumn("first_name", "varchar(100)")
    .addColumn("last_name", "varchar(100)")
    .addColumn("message", "text")
    .addColumn("interests", "text", (column) => column.notNull())
    .addColumn("source", "varchar(40)", (column) => column.notNull())
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("unsubscribe_token", "varchar(64)", (column) => column.notNull().unique())
    .addColumn("confirm_token_hash", "varchar(64)", (column) => column.unique())
    // 0 or 1 on both databases.
    .addColumn("is_verified", "integer", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("confirmed_at", "varchar(32)")
    .addColumn("unsubscribed_at", "varchar(32)")
    .addColumn("provider_id", "varchar(64)")
    .execute();
  await db.schema.createIndex("subscribers_created_at").on("subscribers").column("created_at").execute();
  await db.schema.createIndex("subscribers_verified").on("subscribers").columns(["is_verified", "created_at"]).execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("topic", "varchar(60)", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull())
    .addColumn("run_at", "varchar(32)", (column) => column.notNull())
    .addColumn("claimed_until", "varchar(32)")
    .addColumn("last_error", "text")
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("done_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["done_at", "run_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("subscribers").execute();
}
