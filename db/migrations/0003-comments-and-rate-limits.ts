import type { Kysely } from "kysely";

// Readers' comments (moderated: stored as pending) and the fixed-window counters of the rate limiter,
// kept in the database so limits hold across restarts and across several server processes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("comments")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("page", "varchar(60)", (column) => column.notNull())
    .addColumn("name", "varchar(120)", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("status", "varchar(20)", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("moderated_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("comments_page_status").on("comments").columns(["page", "status", "created_at"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(300)", (column) => column.primaryKey().notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("reset_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("comments").execute();
}
