import type { Kysely } from "kysely";

// Messages sent through the contact page: kept even when mailing them to the owner fails.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    .addColumn("name", "varchar(120)", (column) => column.notNull())
    .addColumn("email", "varchar(254)", (column) => column.notNull())
    .addColumn("topic", "varchar(40)", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("status", "varchar(20)", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("mailed_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
