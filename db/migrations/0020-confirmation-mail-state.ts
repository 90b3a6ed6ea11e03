import type { Kysely } from "kysely";

// What became of a subscriber's latest confirmation mail: "queued", "sent" or "failed" (with the mail
// server's reason), and when. Null for subscribers who subscribed before this column existed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").addColumn("confirmation_mail", "varchar(16)").execute();
  await db.schema.alterTable("subscribers").addColumn("confirmation_mail_error", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirmation_mail_at", "varchar(32)").execute();
  // The dashboard lists the failed ones, newest first, without reading every subscriber.
  await db.schema.createIndex("subscribers_confirmation_mail").on("subscribers").columns(["confirmation_mail", "confirmation_mail_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("subscribers_confirmation_mail").execute();
  for (const column of ["confirmation_mail", "confirmation_mail_error", "confirmation_mail_at"]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
}
