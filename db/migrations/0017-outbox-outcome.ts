import type { Kysely } from "kysely";

// How a finished outbox row ended (docs/decisions/037-no-mail-inside-a-request.md): "done", "gave_up"
// (failed too often, or a failure no retry can fix) or "refused" (a mail server's permanent 5xx).
// Null while the row waits. Rows finished before this column existed keep null; the retention pass
// deletes them within a week.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("outcome", "varchar(20)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("outcome").execute();
}
