import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { dialects, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from "../support/databases";

const opened: TestDatabase[] = [];
const open = async (dialect: "sqlite" | "postgres") => {
  const database = await openTestDatabase(dialect);
  opened.push(database);
  return database;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.drop()));
});

async function describeSchema(database: TestDatabase) {
  const tables = await database.db.introspection.getTables();
  // PostgreSQL lists the tables of every schema; other tests' schemas may exist at the same moment.
  const own = database.dialect === "postgres" ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema : undefined;
  // SQLite's search index is a virtual table with tables of its own; PostgreSQL keeps its search index as an index.
  const searchIndex =
    database.dialect === "sqlite" ? (await sql<{ name: string }>`select name from pragma_table_list where type in ('virtual', 'shadow')`.execute(database.db)).rows.map((row) => row.name) : [];
  return tables
    .filter((table) => !table.name.startsWith("kysely_") && (!own || table.schema === own) && !searchIndex.includes(table.name))
    .map((table) => ({
      table: table.name,
      columns: table.columns.map((column) => ({ name: column.name, nullable: column.isNullable })).sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => a.table.localeCompare(b.table));
}

describe.each(dialects)("migrations on %s", (dialect) => {
  it("apply every migration once, and nothing on a second run", async () => {
    const database = await open(dialect);
    const first = await migrateToLatest(database.db);
    expect(first.applied).toContain("0001-settings");
    const second = await migrateToLatest(database.db);
    expect(second.applied).toEqual([]);
    expect((await describeSchema(database)).map((t) => t.table)).toContain("settings");
  });

  it("are safe when two processes start at once", async () => {
    const database = await open(dialect);
    // A second, independent connection pool to the same data stands in for a second process.
    const other = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? "" });
    try {
      const [a, b] = await Promise.all([migrateToLatest(database.db), migrateToLatest(other.db)]);
      expect([...a.applied, ...b.applied].filter((name) => name === "0001-settings")).toHaveLength(1);
      const rows = await database.db.selectFrom("kysely_migration" as never).selectAll().execute();
      expect(rows.length).toBe(a.applied.length + b.applied.length);
    } finally {
      await other.db.destroy();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)("schema parity", () => {
  it("gives the same tables, columns and nullability on SQLite and PostgreSQL", async () => {
    const sqlite = await open("sqlite");
    const postgres = await open("postgres");
    await migrateToLatest(sqlite.db);
    await migrateToLatest(postgres.db);
    expect(await describeSchema(postgres)).toEqual(await describeSchema(sqlite));
  });
});
