import { readdir } from "node:fs/promises";
import type { ObjectStorage } from "~/adapters/storage/object-storage.server";
import { STATIC_MIGRATIONS } from "~/adapters/db/migrate.server";
import { BackupError } from "./backup-error";
import type { Manifest } from "./manifest";
import { postgresObjects, withPostgres } from "./postgres-database.server";
import { databaseKindOf, type SiteConfig } from "./site-config";

const kindName = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/** Refuses a snapshot this site cannot take as it is configured: another database kind, or a newer schema. */
export async function checkCompatible(manifest: Manifest, config: SiteConfig): Promise<void> {
  const kind = databaseKindOf(config);
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `This snapshot holds a ${kindName[manifest.database.kind]} database, and the site is set up for ${kindName[kind]} ` +
        `(DATABASE_URL is ${config.databaseUrl ? "set" : "not set"}). A snapshot can only be restored into the same kind of database.`,
    );
  }
  const known = Object.keys(await STATIC_MIGRATIONS.getMigrations());
  if (manifest.database.migration !== null && !known.includes(manifest.database.migration)) {
    throw new BackupError(
      `This snapshot was made by a newer version of the site (its database is at ${manifest.database.migration}, which this version does not know). ` +
        "Update the site's code first, then restore.",
    );
  }
}

/**
 * What the restore target already holds, in words (empty when it holds nothing): a restore never
 * merges into, or overwrites, a site's data.
 */
export async function targetContents(config: SiteConfig, storage: ObjectStorage): Promise<string[]> {
  const found: string[] = [];
  const names = await readdir(config.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (names.length > 0) found.push(`the data folder ${config.dataDir} is not empty (it holds ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""})`);
  if (config.databaseUrl) {
    const objects = await withPostgres(config.databaseUrl, postgresObjects);
    if (objects.length > 0) found.push(`the PostgreSQL database is not empty (it has ${objects.slice(0, 5).join(", ")}${objects.length > 5 ? ", …" : ""})`);
  }
  if (storage.kind === "s3") {
    try {
      for await (const key of storage.list()) {
        found.push(`the S3 bucket already holds files (such as ${key})`);
        break;
      }
    } catch (error) {
      if ((error as Error).name !== "NoSuchBucket") throw error;
      throw new BackupError("The S3 bucket named by S3_BUCKET does not exist on the S3 server: create it (empty), then restore.");
    }
  }
  return found;
}

export async function checkTargetEmpty(config: SiteConfig, storage: ObjectStorage): Promise<void> {
  const found = await targetContents(config, storage);
  if (found.length === 0) return;
  throw new BackupError(
    `Nothing was restored: a restore only goes into an empty site, and here\n  ${found.join("\n  ")}.\n` +
      "Point DATA_DIR (and DATABASE_URL, S3_BUCKET if you use them) at a new, empty place, or move the old data away first.",
  );
}
