import type { Kysely } from "kysely";

// Podcast episodes with per-language title and description, their audio in object storage,
// and the listens counted once per listener and day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("episodes")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey().notNull())
    // From the English title, lowercased with dashes; -2, -3… when taken.
    .addColumn("slug", "varchar(200)", (column) => column.notNull().unique())
    .addColumn("duration_seconds", "integer", (column) => column.notNull())
    .addColumn("published_at", "varchar(32)", (column) => column.notNull())
    // A site path such as /podcast/artwork/<slug>.svg.
    .addColumn("image", "varchar(300)", (column) => column.notNull())
    // JSON array of category names, e.g. ["Pan-Africanism"].
    .addColumn("categories", "text", (column) => column.notNull())
    .addColumn("listens", "integer", (column) => column.notNull().defaultTo(0))
    // The object-storage key (podcast/audio/<uuid>.<ext>), its size in bytes and MIME type.
    .addColumn("audio_key", "varchar(256)", (column) => column.notNull().unique())
    .addColumn("audio_size", "integer", (column) => column.notNull())
    .addColumn("audio_type", "varchar(100)", (column) => column.notNull())
    // The feed's <guid> and podcast:guid of the item: never changes, even when the title does.
    .addColumn("guid", "varchar(36)", (column) => column.notNull().unique())
    .addColumn("transcript", "text")
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("episodes_published_at").on("episodes").column("published_at").execute();

  await db.schema
    .createTable("episode_translations")
    .addColumn("episode_id", "varchar(36)", (column) => column.notNull().references("episodes.id").onDelete("cascade"))
    .addColumn("language", "varchar(5)", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .addPrimaryKeyConstraint("episode_translations_pk", ["episode_id", "language"])
    .execute();

  // One row per episode, listener and UTC day: the primary key makes "count once" a single insert.
  await db.schema
    .createTable("episode_listens")
    .addColumn("episode_id", "varchar(36)", (column) => column.notNull().references("episodes.id").onDelete("cascade"))
    // SHA-256 of a secret, the day, the address and the user agent: no address is stored.
    .addColumn("listener", "varchar(64)", (column) => column.notNull())
    // YYYY-MM-DD (UTC).
    .addColumn("day", "varchar(10)", (column) => column.notNull())
    .addPrimaryKeyConstraint("episode_listens_pk", ["episode_id", "listener", "day"])
    .execute();
  await db.schema.createIndex("episode_listens_day").on("episode_listens").column("day").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("episode_listens").execute();
  await db.schema.dropTable("episode_translations").execute();
  await db.schema.dropTable("episodes").execute();
}
