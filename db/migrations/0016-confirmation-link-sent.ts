import type { Kysely } from "kysely";

// When the latest confirmation link was mailed to an account not yet confirmed (ISO text), so a job
// can remove the account once that link has expired. Null for accounts made before this column: for
// them the sign-up time (createdAt) is when their link was sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("verificationSentAt", "varchar(32)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("verificationSentAt").execute();
}
