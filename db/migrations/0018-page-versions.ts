import type { Kysely } from "kysely";

// One row per area of pages ("blog", "podcast", "*" for every page), bumped whenever something a reader
// sees there changes: each server process polls it and forgets its cached pages of a bumped area, so a
// change made through one process reaches the page caches of the others within a second.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_versions")
    .addColumn("area", "varchar(64)", (column) => column.primaryKey().notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("changed_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_versions").execute();
}
