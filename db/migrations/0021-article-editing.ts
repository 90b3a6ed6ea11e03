import type { Kysely } from "kysely";

// The owner edits articles in the admin: each article has a state ("draft", "scheduled" or "published";
// the articles stored before are published), each language its SEO title and description and the cover's
// alt text, every language's last texts are kept as revisions, and an old address of a published article
// whose slug changed is kept for its permanent redirect.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("articles").addColumn("state", "varchar(16)", (column) => column.notNull().defaultTo("published")).execute();
  await db.schema.createIndex("articles_state_published_at").on("articles").columns(["state", "published_at"]).execute();
  for (const name of ["seo_title", "seo_description", "image_alt"]) {
    await db.schema.alterTable("article_translations").addColumn(name, "text", (column) => column.notNull().defaultTo("")).execute();
  }

  await db.schema
    .createTable("article_slug_redirects")
    .addColumn("slug", "varchar(200)", (column) => column.primaryKey().notNull())
    .addColumn("article_id", "varchar(36)", (column) => column.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("article_revisions")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("article_id", "varchar(36)", (column) => column.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("excerpt", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("seo_title", "text", (column) => column.notNull())
    .addColumn("seo_description", "text", (column) => column.notNull())
    .addColumn("image_alt", "text", (column) => column.notNull())
    // 1 for the text kept while typing (autosave), replaced by the next autosave; 0 for a save.
    .addColumn("autosaved", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("article_revisions_article_language").on("article_revisions").columns(["article_id", "language", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("article_revisions").execute();
  await db.schema.dropTable("article_slug_redirects").execute();
  for (const name of ["image_alt", "seo_description", "seo_title"]) {
    await db.schema.alterTable("article_translations").dropColumn(name).execute();
  }
  await db.schema.dropIndex("articles_state_published_at").execute();
  await db.schema.alterTable("articles").dropColumn("state").execute();
}
