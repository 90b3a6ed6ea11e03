import type { Kysely } from "kysely";

// The shop's catalogue: the e-book and the merchandise, with prices in cents and per-language text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("products")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("slug", "varchar(120)", (column) => column.notNull().unique())
    .addColumn("kind", "varchar(20)", (column) => column.notNull())
    .addColumn("category", "varchar(40)", (column) => column.notNull())
    .addColumn("price_cents", "integer", (column) => column.notNull())
    .addColumn("old_price_cents", "integer")
    .addColumn("coming_soon", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("sort", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("product_translations")
    .addColumn("product_id", "varchar(36)", (column) => column.notNull().references("products.id").onDelete("cascade"))
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("product_translations_pk", ["product_id", "language"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_translations").execute();
  await db.schema.dropTable("products").execute();
}
