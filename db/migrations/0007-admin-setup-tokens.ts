import type { Kysely } from "kysely";

// The one-time link `npm start` prints while the site has no admin: only the token's hash is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_setup_tokens")
    .addColumn("token_hash", "varchar(64)", (column) => column.primaryKey().notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("expires_at", "varchar(32)", (column) => column.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_setup_tokens").execute();
}
