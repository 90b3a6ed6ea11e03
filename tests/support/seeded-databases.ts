import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { inject } from "vitest";
import { openDatabase } from "~/adapters/db/database.server";
import { copyPostgresTemplateObjects, copySqliteTemplate, databaseUrl, onPostgresServer, type DatabaseTemplates } from "./database-templates";
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** Made once per run by tests/support/database-templates.setup.ts for the integration tests. */
    databaseTemplates?: DatabaseTemplates;
  }
}

/**
 * A private copy of the database migrated and seeded once for the whole run, with the objects its
 * seed stored; in a run that made no templates, an empty database as openTestDatabase gives.
 */
export async function openSeededTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  const templates = inject("databaseTemplates");
  if (!templates) return openTestDatabase(dialect);
  if (dialect === "sqlite") {
    const dataDir = seededSqliteDataDir()!;
    const opened = openDatabase({ dataDir });
    return { ...opened, env: { DATA_DIR: dataDir }, drop: () => opened.db.destroy() };
  }
  if (!templates.postgres || !TEST_DATABASE_URL) throw new Error("No PostgreSQL template: TEST_DATABASE_URL was not set when the run started.");
  const serverUrl = TEST_DATABASE_URL;
  const database = `test_${randomBytes(6).toString("hex")}`;
  await onPostgresServer(serverUrl, (client) => client.query(`CREATE DATABASE ${database} TEMPLATE ${templates.postgres!.database}`));
  const url = databaseUrl(serverUrl, database);
  const opened = openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  return {
    ...opened,
    env: { DATABASE_URL: url, DATA_DIR: copyPostgresTemplateObjects(templates) },
    drop: async () => {
      await opened.db.destroy();
      await onPostgresServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    },
  };
}

/** A new DATA_DIR holding a copy of the run's seeded SQLite database, or undefined in a run without templates. */
export function seededSqliteDataDir(): string | undefined {
  const templates = inject("databaseTemplates");
  return templates ? copySqliteTemplate(templates) : undefined;
}
