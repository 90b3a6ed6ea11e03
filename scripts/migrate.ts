import { openDatabase } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { parseConfig } from "~/lib/config.server";
import { keepNewFilesPrivate } from "~/lib/private-files.server";

// `npm run db:migrate`: bring the configured database up to date without starting the server.
keepNewFilesPrivate();
const config = parseConfig(process.env);
const { db, dialect, location } = openDatabase(config);
try {
  const { applied } = await migrateToLatest(db);
  console.log(`${dialect} at ${location}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`);
} finally {
  await db.destroy();
}
