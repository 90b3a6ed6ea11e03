import type { Kysely } from "kysely";

// Admin mode: a signed-in admin turns it on for one session with 'Verify Admin
// Access'. The row says when it was verified, when the role was last re-checked and when it was last used,
// so the server can end it after 30 minutes of inactivity and re-check the role every 5 minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_modes")
    .addColumn("session_id", "varchar(64)", (column) => column.primaryKey().notNull())
    .addColumn("user_id", "varchar(64)", (column) => column.notNull())
    .addColumn("verified_at", "varchar(32)", (column) => column.notNull())
    .addColumn("checked_at", "varchar(32)", (column) => column.notNull())
    .addColumn("active_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("admin_modes_active_at").on("admin_modes").column("active_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_modes").execute();
}
