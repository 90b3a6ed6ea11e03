import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "~/adapters/db/database.server";

/**
 * The databases every repository test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Each opened database is private to its test: a new SQLite file, or a new PostgreSQL schema.
 */
export interface TestDatabase extends OpenedDatabase {
  /** The connection string or folder a second process would use to reach the same data. */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export const dialects: Array<"sqlite" | "postgres"> = TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

if (!TEST_DATABASE_URL && !process.env.POSTGRES_NOTICE_SHOWN) {
  process.env.POSTGRES_NOTICE_SHOWN = "1";
  console.warn("NOTICE: TEST_DATABASE_URL is not set: repository tests run on SQLite only, not on PostgreSQL.");
}

export async function openTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "db-test-"));
    const opened = openDatabase({ dataDir });
    return { ...opened, env: { DATA_DIR: dataDir }, drop: () => opened.db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const opened = openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
  return {
    ...opened,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await opened.db.destroy();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
