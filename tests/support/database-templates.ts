import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createObjectStorage } from "~/adapters/storage/object-storage.server";
import { parseConfig } from "~/lib/config.server";
import { linkSettingsFrom } from "~/modules/settings/settings.server";
import { seedSampleContent } from "../../server/seed";

/**
 * Databases migrated and seeded once per test run, which each test app copies instead of applying
 * every migration and the seed at its own start. Production starts are unchanged: the server still
 * migrates and seeds at start, and so does a test app (finding nothing left to do on a copy).
 */
export interface DatabaseTemplates {
  /** A DATA_DIR holding a migrated and seeded app.db and the objects the seed stored. */
  sqliteDataDir: string;
  /** A PostgreSQL database migrated and seeded, to copy with CREATE DATABASE … TEMPLATE. */
  postgres?: { database: string; dataDir: string };
}

const SQLITE_FILE = "app.db";
const OBJECTS_FOLDER = "objects";

/** A connection string to another database of the same PostgreSQL server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function onPostgresServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds an opened database the way openServices does, with its objects in `dataDir`. */
async function migrateAndSeed(opened: OpenedDatabase, dataDir: string): Promise<void> {
  const storage = await createObjectStorage({ dataDir, s3: undefined });
  try {
    await migrateToLatest(opened.db);
    await seedSampleContent(opened.db, storage, new Date(), linkSettingsFrom(parseConfig({ SESSION_SECRET: "template-only-secret-template-only-secret" })));
  } finally {
    storage.close();
    // Closing SQLite folds its write-ahead log into app.db, so the file alone is the whole database.
    await opened.db.destroy();
  }
}

export async function createDatabaseTemplates(postgresServerUrl: string | undefined): Promise<DatabaseTemplates> {
  // The copies are made private to this user as a started server makes its files (umask 077).
  const previousMask = process.umask(0o077);
  try {
    return await createTemplates(postgresServerUrl);
  } finally {
    process.umask(previousMask);
  }
}

async function createTemplates(postgresServerUrl: string | undefined): Promise<DatabaseTemplates> {
  const sqliteDataDir = mkdtempSync(path.join(tmpdir(), "db-template-"));
  await migrateAndSeed(openDatabase({ dataDir: sqliteDataDir }), sqliteDataDir);
  if (!postgresServerUrl) return { sqliteDataDir };
  const database = `test_template_${randomBytes(6).toString("hex")}`;
  await onPostgresServer(postgresServerUrl, (client) => client.query(`CREATE DATABASE ${database}`));
  const dataDir = mkdtempSync(path.join(tmpdir(), "db-template-pg-"));
  await migrateAndSeed(openDatabase({ databaseUrl: databaseUrl(postgresServerUrl, database), dataDir }), dataDir);
  return { sqliteDataDir, postgres: { database, dataDir } };
}

export async function dropDatabaseTemplates(templates: DatabaseTemplates, postgresServerUrl: string | undefined): Promise<void> {
  rmSync(templates.sqliteDataDir, { recursive: true, force: true });
  if (!templates.postgres || !postgresServerUrl) return;
  rmSync(templates.postgres.dataDir, { recursive: true, force: true });
  await onPostgresServer(postgresServerUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${templates.postgres!.database} WITH (FORCE)`));
}

/** A new DATA_DIR with a copy of the template's SQLite database and stored objects. */
export function copySqliteTemplate(templates: DatabaseTemplates): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "db-test-"));
  cpSync(path.join(templates.sqliteDataDir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
  copyObjects(templates.sqliteDataDir, dataDir);
  return dataDir;
}

/** A new DATA_DIR holding a copy of the objects the PostgreSQL template's seed stored. */
export function copyPostgresTemplateObjects(templates: DatabaseTemplates): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "db-test-pg-"));
  copyObjects(templates.postgres!.dataDir, dataDir);
  return dataDir;
}

function copyObjects(fromDataDir: string, toDataDir: string): void {
  const objects = path.join(fromDataDir, OBJECTS_FOLDER);
  if (existsSync(objects)) cpSync(objects, path.join(toDataDir, OBJECTS_FOLDER), { recursive: true });
}
