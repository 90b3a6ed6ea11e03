import type { Kysely } from "kysely";

// The shop's trailer video: one row, the file in object storage. It is a
// draft the admin previews until 'Save to Shop' publishes it for visitors.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shop_video")
    // Always 'trailer': the shop shows one video.
    .addColumn("id", "varchar(20)", (column) => column.primaryKey().notNull())
    .addColumn("video_key", "varchar(256)", (column) => column.notNull())
    .addColumn("video_type", "varchar(100)", (column) => column.notNull())
    .addColumn("video_size", "integer", (column) => column.notNull())
    // The uploaded name reduced to safe characters, for the admin's panel.
    .addColumn("video_name", "varchar(255)", (column) => column.notNull())
    .addColumn("is_published", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shop_video").execute();
}
