import type { Kysely } from "kysely";

// The e-book of the shop: one row, its PDF private in object storage and
// the cover drawn from its first page. Nothing of it lives in a browser any more.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shop_book")
    // Always 'book': the shop sells one e-book.
    .addColumn("id", "varchar(20)", (column) => column.primaryKey().notNull())
    .addColumn("title", "varchar(200)", (column) => column.notNull())
    .addColumn("author", "varchar(200)", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("is_published", "integer", (column) => column.notNull().defaultTo(0))
    // The private PDF: storage key, size in bytes, and the uploaded name reduced to safe characters.
    .addColumn("pdf_key", "varchar(256)", (column) => column.notNull())
    .addColumn("pdf_size", "integer", (column) => column.notNull())
    .addColumn("pdf_name", "varchar(255)", (column) => column.notNull())
    // The first page as a WebP image (public once the book is published); null if it could not be drawn.
    .addColumn("cover_key", "varchar(256)")
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shop_book").execute();
}
