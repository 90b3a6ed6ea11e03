import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { declaredTables } from "../support/schema-interfaces";

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

/**
 * Table → sorted column names of the migrated database, from the catalogue itself; Kysely's own bookkeeping
 * is left out, and so are SQLite's search index (a virtual table) and the tables it keeps its index in.
 */
async function migratedTables(opened: TestDatabase): Promise<Record<string, string[]>> {
  const { rows } =
    opened.dialect === "postgres"
      ? await sql<{ table_name: string; column_name: string }>`
          select table_name, column_name from information_schema.columns
          where table_schema = current_schema()`.execute(opened.db)
      : await sql<{ table_name: string; column_name: string }>`
          select m.name as table_name, p.name as column_name
          from pragma_table_list m join pragma_table_info(m.name) p
          where m.schema = 'main' and m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\'`.execute(opened.db);
  const tables: Record<string, string[]> = {};
  for (const { table_name, column_name } of rows) {
    if (table_name.startsWith("kysely_")) continue;
    (tables[table_name] ??= []).push(column_name);
  }
  for (const columns of Object.values(tables)) columns.sort();
  return tables;
}

describe.each(dialects)("the migrated schema on %s", (dialect) => {
  it("has exactly the tables and columns that app/adapters/db/schema.ts declares", async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    // A mismatch means a migration and schema.ts disagree: add the column to both, or to neither.
    expect(await migratedTables(database)).toEqual(declaredTables());
  });
});
