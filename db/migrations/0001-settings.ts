import type { Kysely } from "kysely";

// SQLite lets a non-integer primary key hold NULL unless told otherwise: every key is NOT NULL explicitly.
// Site-wide settings the owner can change without a code change (promo numbers, claims, links).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("key", "varchar(120)", (column) => column.primaryKey().notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("settings").execute();
}
