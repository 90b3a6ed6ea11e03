import type { Kysely } from "kysely";

// Listens per episode, UTC day and app: one row each, its count raised by every counted listen. The
// listener rows of episode_listens are kept two days only (they decide "once a day"); these counts hold no
// listener at all, so the listens report can show months of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("episode_listen_days")
    .addColumn("episode_id", "varchar(36)", (column) => column.notNull().references("episodes.id").onDelete("cascade"))
    // YYYY-MM-DD (UTC).
    .addColumn("day", "varchar(10)", (column) => column.notNull())
    // The app the listen came from, a label read from its user agent ("apple-podcasts", "browser", "other"…);
    // the user agent itself is never stored.
    .addColumn("app", "varchar(32)", (column) => column.notNull())
    .addColumn("listens", "integer", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("episode_listen_days_pk", ["episode_id", "day", "app"])
    .execute();
  // The report reads a window of days across every episode.
  await db.schema.createIndex("episode_listen_days_day").on("episode_listen_days").column("day").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("episode_listen_days").execute();
}
