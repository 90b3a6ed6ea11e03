import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ObjectStorage } from "~/adapters/storage/object-storage.server";
import { DATABASE_ENTRY, FORMAT_VERSION, MANIFEST_NAME, type Manifest } from "./manifest";
import { dumpPostgres } from "./postgres-dump.server";
import { createSnapshotWriter } from "./snapshot-writer.server";
import { databaseKindOf, type SiteConfig } from "./site-config";
import { snapshotSqlite } from "./sqlite-snapshot.server";
import { copyStoredFiles } from "./stored-files.server";

export interface BackupDependencies {
  config: SiteConfig;
  storage: ObjectStorage;
  now: () => Date;
  log: (line: string) => void;
  /** Stops the backup between two files (Ctrl-C): what was written is removed. */
  signal?: AbortSignal;
}

/** `backups/backup-2026-11-27T09-30-00Z.tar.gz`: sorts by time, and holds no character a file system refuses. */
export function defaultBackupName(at: Date): string {
  return `backup-${at.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-")}.tar.gz`;
}

/**
 * Writes a snapshot of the running site to `target` (a folder, a .tar or a .tar.gz): the database
 * first, then every stored file, and the manifest last, once everything it lists is written. Nothing
 * is left at `target` unless all of it succeeded. The sessions, one-time links and the secret that
 * signs session cookies are left out (left-out.ts): a backup holds no way into the site.
 */
export async function createBackup({ config, storage, now, log, signal }: BackupDependencies, target: string): Promise<Manifest> {
  const startedAt = now();
  const writer = await createSnapshotWriter(target);
  let work: string | undefined;
  try {
    work = await mkdtemp(path.join(path.dirname(target), ".backup-work-"));
    const kind = databaseKindOf(config);
    log(`Copying the ${kind === "sqlite" ? "SQLite" : "PostgreSQL"} database…`);
    const databaseCopy = path.join(work, path.basename(DATABASE_ENTRY[kind]));
    const contents = config.databaseUrl ? await dumpPostgres(config.databaseUrl, databaseCopy, signal) : await snapshotSqlite(config.dataDir, databaseCopy);
    const databaseDigest = await writer.addFile(DATABASE_ENTRY[kind], databaseCopy);
    await rm(databaseCopy);

    log(`Copying the stored files (${storage.kind === "s3" ? "S3 bucket" : "data folder"})…`);
    const files = await copyStoredFiles(storage, writer, (copied) => log(`  ${copied} files copied…`), signal);

    signal?.throwIfAborted();
    const manifest: Manifest = {
      format: FORMAT_VERSION,
      createdAt: startedAt.toISOString(),
      database: { kind, ...databaseDigest, ...contents },
      storage: storage.kind,
      dataFiles: [],
      files,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.add(MANIFEST_NAME, Readable.from([text]), text.length);
    await writer.finish();
    return manifest;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
}
