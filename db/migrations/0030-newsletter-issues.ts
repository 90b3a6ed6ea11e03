import type { Kysely } from "kysely";

// Newsletter issues: an article or an episode sent to the confirmed subscribers, one mail per
// subscriber in their language (docs/decisions/099-newsletter-issues.md).
// - newsletter_issues: what is sent (the item's texts copied when the issue is made, so what the owner
//   previewed is what goes), to whom (the audience's filters), when, and by which delivery.
// - newsletter_deliveries: one row per issue and subscriber, written when the sending starts; its key
//   makes a second row for the same person impossible, and its state says what became of their mail.
// - subscribers.mail_stopped_*: why an address gets no more mail (a hard bounce, too many soft ones, a
//   complaint), until the owner clears it; soft_bounces counts the soft ones since the last delivery.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("newsletter_issues")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("source_kind", "varchar(10)", (column) => column.notNull())
    .addColumn("source_id", "varchar(36)", (column) => column.notNull())
    // draft, scheduled, sending, sent, cancelled
    .addColumn("status", "varchar(12)", (column) => column.notNull())
    // smtp or mailerlite
    .addColumn("delivery", "varchar(12)", (column) => column.notNull())
    // JSON: { [language]: { subject, preheader, title, html, text, link } } and the cover.
    .addColumn("content", "text", (column) => column.notNull())
    // JSON: { languages: [], interests: [], sources: [] }; an empty list leaves that filter out.
    .addColumn("audience", "text", (column) => column.notNull())
    .addColumn("send_at", "varchar(32)")
    .addColumn("created_by", "varchar(36)", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .addColumn("started_at", "varchar(32)")
    .addColumn("finished_at", "varchar(32)")
    // JSON: what the provider said of each language's campaign (MailerLite delivery).
    .addColumn("provider_state", "text")
    .execute();
  await db.schema.createIndex("newsletter_issues_created").on("newsletter_issues").column("created_at").execute();

  await db.schema
    .createTable("newsletter_deliveries")
    .addColumn("issue_id", "varchar(36)", (column) => column.notNull())
    .addColumn("subscriber_id", "varchar(36)", (column) => column.notNull())
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    // queued, sent, deferred (a 4xx, tried again at next_attempt_at), failed (a 5xx), bounced (a report came back)
    .addColumn("status", "varchar(10)", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull())
    .addColumn("next_attempt_at", "varchar(32)", (column) => column.notNull())
    .addColumn("last_error", "varchar(300)")
    .addColumn("sent_at", "varchar(32)")
    .addPrimaryKeyConstraint("newsletter_deliveries_key", ["issue_id", "subscriber_id"])
    .execute();
  await db.schema.createIndex("newsletter_deliveries_due").on("newsletter_deliveries").columns(["issue_id", "status", "next_attempt_at"]).execute();
  await db.schema.createIndex("newsletter_deliveries_subscriber").on("newsletter_deliveries").column("subscriber_id").execute();

  await db.schema.alterTable("subscribers").addColumn("mail_stopped_reason", "varchar(20)").execute();
  await db.schema.alterTable("subscribers").addColumn("mail_stopped_at", "varchar(32)").execute();
  await db.schema.alterTable("subscribers").addColumn("mail_stopped_detail", "varchar(300)").execute();
  await db.schema.alterTable("subscribers").addColumn("soft_bounces", "integer", (column) => column.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["soft_bounces", "mail_stopped_detail", "mail_stopped_at", "mail_stopped_reason"]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
  await db.schema.dropTable("newsletter_deliveries").execute();
  await db.schema.dropTable("newsletter_issues").execute();
}
