import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { createS3Client } from "~/adapters/storage/s3-storage.server";
import { inject } from "vitest";
import { openDatabase, type Db } from "~/adapters/db/database.server";
import { createObjectStorage, type ObjectStorage } from "~/adapters/storage/object-storage.server";
import { parseConfig, type AppConfig } from "~/lib/config.server";
import { copyPostgresTemplateObjects, copySqliteTemplate, databaseUrl, onPostgresServer } from "./database-templates";
import { TEST_DATABASE_URL } from "./databases";
import { runCommand } from "./run-command";
import type { TestS3Server } from "./s3-server";

/**
 * A site's data as the backup and restore scripts see it: a data folder, and on PostgreSQL a database
 * of its own and an S3 bucket of its own. `env` is what a process run on that site is given.
 */
export interface BackupSite {
  env: Record<string, string>;
  config: AppConfig;
  storage: ObjectStorage;
  /** The test's own connection, opened on first use (a restore target must stay untouched before). */
  db: () => Db;
  drop: () => Promise<void>;
}

/** The databases a test makes are named after TEST_DATABASE_URL's, so they are told apart from others'. */
const newDatabaseName = (purpose: string) => `${new URL(TEST_DATABASE_URL!).pathname.slice(1)}_${purpose}_${randomBytes(4).toString("hex")}`;

async function siteOn(env: Record<string, string>, dropDatabase?: string, folder = env.DATA_DIR!): Promise<BackupSite> {
  // SESSION_SECRET is given so that parsing the configuration writes no secret into a restore target.
  const config = parseConfig({ ...env, SESSION_SECRET: "test-only-secret-test-only-secret-test-only" });
  const storage = await createObjectStorage(config);
  let db: Db | undefined;
  return {
    env,
    config,
    storage,
    db: () => (db ??= openDatabase(config).db),
    drop: async () => {
      storage.close();
      await db?.destroy();
      if (dropDatabase) await onPostgresServer(TEST_DATABASE_URL!, (client) => client.query(`DROP DATABASE IF EXISTS ${dropDatabase} WITH (FORCE)`));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const noPostgresNorS3 = { DATABASE_URL: "", S3_ENDPOINT: "", S3_BUCKET: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "" };

/**
 * The site to back up, seeded as the run's templates were: SQLite with its files in the data folder,
 * or PostgreSQL with its files in S3 (the template's files are put into the bucket first).
 */
export async function sourceSite(dialect: "sqlite" | "postgres", s3: TestS3Server): Promise<BackupSite> {
  const templates = inject("databaseTemplates")!;
  if (dialect === "sqlite") return siteOn({ ...noPostgresNorS3, DATA_DIR: copySqliteTemplate(templates) });
  const database = newDatabaseName("source");
  await onPostgresServer(TEST_DATABASE_URL!, (client) => client.query(`CREATE DATABASE ${database} TEMPLATE ${templates.postgres!.database}`));
  const dataDir = copyPostgresTemplateObjects(templates);
  const site = await siteOn({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(TEST_DATABASE_URL!, database), ...s3.env }, database);
  const seeded = await createObjectStorage({ dataDir, s3: undefined });
  for await (const key of seeded.list()) {
    const object = (await seeded.get(key))!;
    await site.storage.put(key, object.body, { contentType: object.contentType, ...(object.cacheControl ? { cacheControl: object.cacheControl } : {}) });
  }
  rmSync(path.join(dataDir, "objects"), { recursive: true, force: true });
  return site;
}

/** An empty place to restore into: a data folder not made yet, and on PostgreSQL an empty database and a new bucket. */
export async function emptyTarget(dialect: "sqlite" | "postgres", s3: TestS3Server): Promise<BackupSite> {
  const folder = mkdtempSync(path.join(tmpdir(), "restore-target-"));
  const dataDir = path.join(folder, "data");
  if (dialect === "sqlite") return siteOn({ ...noPostgresNorS3, DATA_DIR: dataDir }, undefined, folder);
  const database = newDatabaseName("restore");
  await onPostgresServer(TEST_DATABASE_URL!, (client) => client.query(`CREATE DATABASE ${database}`));
  const bucket = `restored-${randomBytes(4).toString("hex")}`;
  const client = createS3Client(s3.settings);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return siteOn({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(TEST_DATABASE_URL!, database), ...s3.env, S3_BUCKET: bucket }, database, folder);
}

/** `npm run backup` / `npm run restore` as the owner runs them: their own process, on `site`. */
export const runScript = (script: "backup" | "restore", args: string[], site: BackupSite) =>
  runCommand(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env: { ...process.env, ...site.env, LOG_LEVEL: "warn" } });
