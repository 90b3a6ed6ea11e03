import type { Kysely } from "kysely";

// When the newsletter confirmation link last mailed stops working (48 hours after it was made). A link
// mailed before this column existed has none and no longer works; subscribing again mails a fresh one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").addColumn("confirm_token_expires_at", "varchar(32)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").dropColumn("confirm_token_expires_at").execute();
}
