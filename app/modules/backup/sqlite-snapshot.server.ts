import { existsSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { SQLITE_FILE } from "~/adapters/db/database.server";
import { BackupError } from "./backup-error";
import type { DatabaseContents } from "./database-contents";
import { TABLES_LEFT_OUT } from "./left-out";

/** Pages per step of the online backup after the first: all of them, so the copy is made in one read. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the site's SQLite database with SQLite's online backup while the site keeps running: the
 * copy is the database as one read transaction saw it, never a file caught half-way through a write
 * (a plain copy of app.db could be, and would miss what is still in app.db-wal). Done in one step,
 * so writes by the site cannot make the backup start over again and again; in WAL mode that read
 * holds up no writer. The copy then loses the rows a snapshot leaves out (left-out.ts), and is
 * vacuumed, so not even the freed pages keep a byte of them.
 */
export async function snapshotSqlite(dataDir: string, copy: string): Promise<DatabaseContents> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) {
    throw new BackupError(`There is no database at ${source}. Is DATA_DIR right? (It is where the site keeps its data, ./data unless set.)`);
  }
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    await database.backup(copy, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
  const copied = new SQLite(copy);
  try {
    // The copy becomes one self-contained file; the site turns write-ahead logging on again when it opens it.
    copied.pragma("journal_mode = DELETE");
    const tables = new Set((copied.pragma("table_list") as Array<{ name: string }>).map((table) => table.name));
    for (const table of TABLES_LEFT_OUT) if (tables.has(table)) copied.prepare(`delete from "${table}"`).run();
    copied.exec("vacuum");
    return describeSqlite(copied);
  } finally {
    copied.close();
  }
}

/** Rows per table and the last migration of an SQLite file (the snapshot's copy, or a restored one). */
export function describeSqliteFile(file: string): DatabaseContents {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const [check] = database.pragma("quick_check") as Array<{ quick_check: string }>;
    if (check?.quick_check !== "ok") throw new BackupError(`The database in the snapshot is damaged (SQLite says: ${check?.quick_check}).`);
    return describeSqlite(database);
  } finally {
    database.close();
  }
}

function describeSqlite(database: SQLite.Database): DatabaseContents {
  // Ordinary tables only: a full-text index's virtual and shadow tables are rebuilt from them.
  const names = (database.pragma("table_list") as Array<{ schema: string; name: string; type: string }>)
    .filter((table) => table.schema === "main" && table.type === "table" && !table.name.startsWith("sqlite_"))
    .map((table) => table.name)
    .sort();
  const tables: Record<string, number> = {};
  for (const name of names) {
    tables[name] = (database.prepare(`select count(*) as count from "${name.replaceAll('"', '""')}"`).get() as { count: number }).count;
  }
  const migration = names.includes("kysely_migration")
    ? ((database.prepare("select name from kysely_migration order by name desc limit 1").get() as { name: string } | undefined)?.name ?? null)
    : null;
  return { migration, tables };
}

/** Where a restored SQLite database goes in the data folder. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, SQLITE_FILE);
