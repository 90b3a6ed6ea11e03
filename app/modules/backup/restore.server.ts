import { createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { ObjectStorage } from "~/adapters/storage/object-storage.server";
import { flushToDisk, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "~/lib/private-files.server";
import { BackupError } from "./backup-error";
import { checkRestoredContents } from "./database-contents";
import { digestStream } from "./digest-stream.server";
import { DATABASE_ENTRY, fileEntry, sameDigest, type EntryDigest, type Manifest } from "./manifest";
import { describeEmptyDatabase, emptyDatabaseAgain, withPostgres, type EmptyDatabase } from "./postgres-database.server";
import { checkRestoreTool, loadPostgresDump } from "./postgres-dump.server";
import { checkCompatible, checkTargetEmpty } from "./restore-target.server";
import type { SiteConfig } from "./site-config";
import { drain, openSnapshot, type SnapshotEntries } from "./snapshot-reader.server";
import { describeSqliteFile, sqliteFileIn } from "./sqlite-snapshot.server";
import { signEveryoneOut } from "./sign-everyone-out.server";
import { restoreStoredFile } from "./stored-files.server";
import { verifySnapshot } from "./verify-snapshot.server";

export interface RestoreDependencies {
  config: SiteConfig;
  storage: ObjectStorage;
  log: (line: string) => void;
  /** Stops the restore between two files (Ctrl-C): what was written is removed. */
  signal?: AbortSignal;
}

/**
 * Brings a snapshot back into an empty site: the target is checked to be empty, then the whole snapshot
 * is checked (every sha256) and the tools it needs, and only then is anything written. The stored files go to the
 * storage the site is configured for now (a folder or S3, whichever the snapshot came from); the
 * database is put in place last. If any step fails, what was written is removed again, the database
 * emptied again included, so the target is as empty as it was. No session, and no secret that signed
 * one, comes back (left-out.ts): a snapshot of an earlier version's session secret is not restored, so
 * no cookie made before the backup opens the restored site.
 */
export async function restoreBackup({ config, storage, log, signal }: RestoreDependencies, source: string): Promise<Manifest> {
  const entries = await openSnapshot(source);
  await checkTargetEmpty(config, storage);
  log("Checking every file of the snapshot…");
  const manifest = await verifySnapshot(entries, signal);
  await checkCompatible(manifest, config);
  if (config.databaseUrl) await checkRestoreTool(config.databaseUrl);

  const createdDataDir = !existsSync(config.dataDir);
  await mkdir(config.dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const work = await mkdtemp(path.join(config.dataDir, ".restoring-"));
  const written: Written = { restoredKeys: [], emptyDatabase: undefined };
  try {
    log(`Restoring ${manifest.files.length} stored files (${storage.kind === "s3" ? "to the S3 bucket" : "to the data folder"})…`);
    await putEntriesInPlace({ entries, manifest, storage, work, restoredKeys: written.restoredKeys, signal });
    signal?.throwIfAborted();
    log("Restoring the database…");
    const databaseCopy = path.join(work, path.basename(DATABASE_ENTRY[manifest.database.kind]));
    if (config.databaseUrl) {
      // Noted before pg_restore starts: from its commit on, the database holds the snapshot's tables.
      written.emptyDatabase = await withPostgres(config.databaseUrl, describeEmptyDatabase);
      checkRestoredContents(manifest.database, await loadPostgresDump(config.databaseUrl, databaseCopy, signal));
      await signEveryoneOut({ databaseUrl: config.databaseUrl, sqliteFile: databaseCopy });
    } else {
      checkRestoredContents(manifest.database, describeSqliteFile(databaseCopy));
      await signEveryoneOut({ sqliteFile: databaseCopy });
      await rename(databaseCopy, sqliteFileIn(config.dataDir));
    }
    signal?.throwIfAborted();
    await rm(work, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    log("The restore failed: removing what it had written…");
    await removeWritten({ config, storage, log, work, createdDataDir, written });
    throw error;
  }
}

/** What a restore has written so far, so a failure can take it away again. */
interface Written {
  /** Filled as files are put. */
  restoredKeys: string[];
  /** Set once the database may hold restored tables: what it held before. */
  emptyDatabase: EmptyDatabase | undefined;
}

/**
 * The target was empty: everything the restore put there goes, and nothing else was there to keep.
 * Every step is tried even when one before it failed (each failure is logged): the caller then
 * reports the error that stopped the restore, not a later one.
 */
async function removeWritten({ config, storage, log, work, createdDataDir, written }: {
  config: SiteConfig;
  storage: ObjectStorage;
  log: (line: string) => void;
  work: string;
  createdDataDir: boolean;
  written: Written;
}): Promise<void> {
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      log(`  Could not remove ${what}: ${(error as Error).message}`);
    }
  };
  // In a folder they go with the whole objects folder below.
  if (storage.kind === "s3") for (const key of written.restoredKeys) await attempt(`the stored file ${key}`, () => storage.delete(key));
  const { emptyDatabase } = written;
  if (config.databaseUrl && emptyDatabase) {
    await attempt("the restored tables from the PostgreSQL database", () => withPostgres(config.databaseUrl!, (client) => emptyDatabaseAgain(client, emptyDatabase)));
  }
  const files = [work, sqliteFileIn(config.dataDir)];
  if (storage.kind === "filesystem") files.push(path.join(config.dataDir, "objects"));
  for (const file of files) await attempt(file, () => rm(file, { recursive: true, force: true }));
  if (createdDataDir) await rmdir(config.dataDir).catch(() => undefined);
}

/** The second reading of the snapshot: stored files into storage, the database into `work`, the rest skipped. */
interface Placement {
  entries: SnapshotEntries;
  manifest: Manifest;
  storage: ObjectStorage;
  work: string;
  /** Filled as files are put, so a failure can remove them. */
  restoredKeys: string[];
  signal: AbortSignal | undefined;
}

async function putEntriesInPlace({ entries, manifest, storage, work, restoredKeys, signal }: Placement): Promise<void> {
  const files = new Map(manifest.files.map((file) => [fileEntry(file.key), file]));
  const local = new Map<string, EntryDigest & { file: string }>([
    [DATABASE_ENTRY[manifest.database.kind], { ...manifest.database, file: path.join(work, path.basename(DATABASE_ENTRY[manifest.database.kind])) }],
  ]);
  for await (const { name, body } of entries()) {
    signal?.throwIfAborted();
    const stored = files.get(name);
    const target = local.get(name);
    files.delete(name);
    local.delete(name);
    if (stored) {
      restoredKeys.push(stored.key);
      await restoreStoredFile(storage, stored, body);
    } else if (target) {
      const digest = digestStream();
      await pipeline(body, digest, createWriteStream(target.file, { flags: "wx", mode: PRIVATE_FILE_MODE }));
      if (!sameDigest(digest.digest(), target)) throw new BackupError(`${name} changed in the snapshot while it was being restored.`);
      // Renamed into the site afterwards: on disk before that makes it count.
      await flushToDisk(target.file);
    } else {
      await drain(body);
    }
  }
  // Every entry was there at the first reading: one gone now means the snapshot changed meanwhile.
  const missing = [...files.keys(), ...local.keys()];
  if (missing.length > 0) throw new BackupError(`${missing[0]} is no longer in the snapshot: it changed while it was being restored.`);
}
