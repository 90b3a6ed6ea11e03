import SQLite from "better-sqlite3";
import { TABLES_LEFT_OUT } from "./left-out";
import { withPostgres } from "./postgres-database.server";

/**
 * Empties, in a restored database, the tables a snapshot leaves out. A snapshot made now has no rows
 * there; one made by an earlier version still held its sessions and links, and they go here, so a
 * restore signs everyone out whichever version made the snapshot.
 */
export async function signEveryoneOut(target: { databaseUrl?: string | undefined; sqliteFile: string }): Promise<void> {
  if (target.databaseUrl) {
    await withPostgres(target.databaseUrl, async (client) => {
      const { rows } = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = current_schema() and table_name = any($1)",
        [[...TABLES_LEFT_OUT]],
      );
      if (rows.length > 0) await client.query(`truncate ${rows.map((row) => `"${row.name}"`).join(", ")}`);
    });
    return;
  }
  const database = new SQLite(target.sqliteFile, { fileMustExist: true });
  try {
    const tables = new Set((database.pragma("table_list") as Array<{ name: string }>).map((table) => table.name));
    database.transaction(() => {
      for (const table of TABLES_LEFT_OUT) if (tables.has(table)) database.prepare(`delete from "${table}"`).run();
    })();
    database.exec("vacuum");
  } finally {
    database.close();
  }
}
