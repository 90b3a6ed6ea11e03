import type { Kysely } from "kysely";

// Clicks on the links of newsletter issues, counted through the site's own redirect when the owner turns
// the setting on (docs/decisions/099-newsletter-issues.md): per issue and link, never per reader.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("newsletter_link_clicks")
    .addColumn("issue_id", "varchar(36)", (column) => column.notNull())
    .addColumn("link", "varchar(2000)", (column) => column.notNull())
    .addColumn("clicks", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("newsletter_link_clicks_key", ["issue_id", "link"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_link_clicks").execute();
}
