import type { Kysely } from "kysely";

// Articles and their per-language text. The owner writes new articles as rows, never as code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("articles")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("slug", "varchar(200)", (column) => column.notNull().unique())
    .addColumn("category", "varchar(80)", (column) => column.notNull())
    // JSON array of tag slugs, e.g. ["global-south","pan-africanism"].
    .addColumn("tags", "text", (column) => column.notNull())
    .addColumn("image", "varchar(300)", (column) => column.notNull())
    .addColumn("featured", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("published_at", "varchar(32)", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("articles_published_at").on("articles").column("published_at").execute();

  await db.schema
    .createTable("article_translations")
    .addColumn("article_id", "varchar(36)", (column) => column.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("excerpt", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    // Title, excerpt and body lower-cased with accents removed: one LIKE finds "Économie" from "economie".
    .addColumn("search_text", "text", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .addPrimaryKeyConstraint("article_translations_pk", ["article_id", "language"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("article_translations").execute();
  await db.schema.dropTable("articles").execute();
}
