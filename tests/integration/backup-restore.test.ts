import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAGING_PREFIX } from "~/adapters/uploads/s3-staged-uploads.server";
import type { Db } from "~/adapters/db/database.server";
import { createObjectStorage, type ObjectStorage } from "~/adapters/storage/object-storage.server";
import { STATIC_MIGRATIONS } from "~/adapters/db/migrate.server";
import { createBackup } from "~/modules/backup/backup.server";
import { BackupError } from "~/modules/backup/backup-error";
import { restoreBackup } from "~/modules/backup/restore.server";
import { targetContents } from "~/modules/backup/restore-target.server";
import { openSnapshot } from "~/modules/backup/snapshot-reader.server";
import { verifySnapshot } from "~/modules/backup/verify-snapshot.server";
import type { Manifest } from "~/modules/backup/manifest";
import { emptyTarget, runScript, sourceSite, type BackupSite } from "../support/backup-sites";
import { dialects } from "../support/databases";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { spawnServer, type ServerProcess } from "../support/server-process";
import { until } from "../support/waiting";

/**
 * `npm run backup` on a running site under writes (newsletter sign-ups through the real server, files
 * put into its storage), then `npm run restore` into an empty place: a new data folder on SQLite; a
 * new database and a new bucket on PostgreSQL with S3. Everything the manifest claims must be there,
 * identical. A damaged or cut-short snapshot and a non-empty target are refused, changing nothing; a
 * restore that fails late or is stopped, and a stopped backup, leave nothing behind.
 */

/** Written by the outbox worker when it mails the confirmation, after the sign-up the snapshot caught. */
const CONFIRMATION_MAIL_PROGRESS = ["confirm_token_hash", "confirm_token_expires_at", "confirmation_mail", "confirmation_mail_error", "confirmation_mail_at"];
/** Tables the writes leave alone: they must come back row for row. */
const UNCHANGED_TABLES = ["articles", "article_translations", "episodes", "episode_translations", "settings"];

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const sortRows = (rows: Array<Record<string, unknown>>) => rows.map((row) => JSON.stringify(row)).sort();
const tableRows = async (db: Db, table: string) => (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;

async function bytesOf(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const parts: Buffer[] = [];
  for await (const part of object.body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function keysOf(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

/** Every file under a folder with its sha256: what "changed nothing" is checked against. */
function folderState(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
  const state: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    const file = path.join(folder, name);
    if (statSync(file).isFile()) state[name] = sha256(readFileSync(file));
  }
  return state;
}

interface Writes {
  subscribed: string[];
  storedKeys: string[];
  unexpected: string[];
  stop: () => Promise<void>;
}

/** Sign-ups through the server and files put into its storage, each in its own loop, until stopped. */
function keepWriting(server: ServerProcess, storage: ObjectStorage, prefix: string): Writes {
  let running = true;
  const writes: Omit<Writes, "stop"> = { subscribed: [], storedKeys: [], unexpected: [] };
  const signUps = async () => {
    for (let n = 1; running; n++) {
      const email = `${prefix}-${n}@example.org`;
      const response = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        body: new URLSearchParams({ email, source: "footer-newsletter" }),
        headers: { origin: server.url, "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
      });
      await response.body?.cancel();
      if (response.status === 200) writes.subscribed.push(email);
      else writes.unexpected.push(`${email}: HTTP ${response.status}`);
    }
  };
  const files = async () => {
    for (let n = 1; running; n++) {
      const key = `test/during-backup/${prefix}-${n}.bin`;
      await storage.put(key, randomBytes(2_000 + (n % 50) * 997), { contentType: "application/octet-stream", cacheControl: "private, max-age=60" });
      writes.storedKeys.push(key);
      // A few files a second, beside the sign-ups: enough to land during the backup, not so many that copying them is
      // the test. A pace of the load, not a wait for anything.
      await sleep(50);
    }
  };
  const loops = Promise.all([signUps(), files()]);
  return { ...writes, stop: async () => ((running = false), await loops, undefined) };
}

// A backup taken while a server takes writes, then restores, each running the scripts as the owner would.
describe.each(dialects)("backup and restore on %s", (dialect) => {
  let s3: TestS3Server;
  let source: BackupSite;
  let target: BackupSite;
  let server: ServerProcess;
  let snapshot: string;
  let manifest: Manifest;
  let writtenBeforeBackup: { subscribed: string[]; storedKeys: string[] };
  const work = mkdtempSync(path.join(tmpdir(), "backups-"));
  /** The refusals are checked in this process (the script around restoreBackup is run by the restore test). */
  const restoreInProcess = (from: string) => restoreBackup({ config: target.config, storage: target.storage, log: () => undefined }, from);
  /** A refused or failed restore changes nothing: no data folder, no table, no stored file. */
  const expectTargetEmpty = async () => {
    expect(existsSync(target.config.dataDir)).toBe(false);
    expect(await targetContents(target.config, target.storage)).toEqual([]);
  };
  /** The snapshot as a folder to alter (an archive is unpacked with the system's tar, which reads it as any other). */
  const folderCopyOfSnapshot = (prefix: string) => {
    const folder = mkdtempSync(path.join(work, prefix));
    if (snapshot.endsWith(".tar.gz")) execFileSync("tar", ["-xzf", snapshot, "-C", folder]);
    else cpSync(snapshot, folder, { recursive: true });
    return folder;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    source = await sourceSite(dialect, s3);
    target = await emptyTarget(dialect, s3);
    const started = spawnServer({ ...source.env, TRUST_PROXY: "true" });
    server = started;
    await started.ready;
  });
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    await source?.drop();
    await target?.drop();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("backs up the running site while it takes sign-ups and files, into one snapshot its manifest describes", async () => {
    // An upload still arriving in pieces, as several instances stage it in the bucket: not something to keep.
    await source.storage.put(`${STAGING_PREFIX}/${"a".repeat(32)}/upload.json`, Readable.from([Buffer.from("{}")]), { contentType: "application/json" });
    const writes = keepWriting(server, source.storage, `reader-${dialect}`);
    await until(() => writes.subscribed.length >= 10 && writes.storedKeys.length >= 5);
    writtenBeforeBackup = { subscribed: [...writes.subscribed], storedKeys: [...writes.storedKeys] };
    // SQLite's snapshot is one .tar.gz; PostgreSQL's a folder: both shapes are restored below.
    snapshot = path.join(work, dialect === "sqlite" ? "site.tar.gz" : "site");
    const backup = await runScript("backup", ["--out", snapshot], source);
    await writes.stop();
    expect(backup.output).toContain(`Backup written to ${snapshot}`);
    expect(backup.code).toBe(0);
    expect(writes.unexpected).toEqual([]);
    expect(readdirSync(work).filter((name) => name !== path.basename(snapshot))).toEqual([]);

    manifest = await verifySnapshot(await openSnapshot(snapshot));
    const migrations = Object.keys(await STATIC_MIGRATIONS.getMigrations()).sort();
    expect(manifest.database).toMatchObject({ kind: dialect, migration: migrations.at(-1) });
    expect(manifest.storage).toBe(dialect === "sqlite" ? "filesystem" : "s3");
    expect(manifest.database.tables.articles).toBeGreaterThan(0);
    expect(manifest.database.tables.subscribers).toBeGreaterThanOrEqual(writtenBeforeBackup.subscribed.length);
    const keys = manifest.files.map((file) => file.key);
    expect(keys).toEqual(expect.arrayContaining(writtenBeforeBackup.storedKeys));
    expect(keys.some((key) => key.startsWith("podcast/"))).toBe(true);
    expect(keys.filter((key) => key.startsWith(`${STAGING_PREFIX}/`))).toEqual([]);
    expect(manifest.dataFiles).toEqual([]);
  });

  it("refuses a snapshot with a damaged file, naming it and leaving the target empty", async () => {
    const damaged = folderCopyOfSnapshot("damaged-");
    const victim = manifest.files.find((file) => file.key.startsWith("podcast/"))!;
    const file = path.join(damaged, "files", victim.key);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
    writeFileSync(file, bytes);

    await expect(restoreInProcess(damaged)).rejects.toThrow(`files/${victim.key} is damaged`);
    await expectTargetEmpty();
  });

  it("refuses a .tar.gz cut short in plain words, with exit code 1, leaving the target empty", async () => {
    const whole = path.join(work, "whole.tar.gz");
    if (snapshot.endsWith(".tar.gz")) cpSync(snapshot, whole);
    else execFileSync("tar", ["-czf", whole, "-C", snapshot, "."]);
    const cut = path.join(work, "cut.tar.gz");
    writeFileSync(cut, readFileSync(whole).subarray(0, statSync(whole).size >> 1));

    const restored = await runScript("restore", [cut], target);
    expect(restored.output).toContain("The snapshot is damaged or incomplete");
    expect(restored.output).not.toContain("Unexpected error");
    expect(restored.code).toBe(1);
    await expectTargetEmpty();
  });

  // Only a PostgreSQL site restores into a bucket and runs pg_restore.
  if (dialect === "postgres") {
    it("refuses, before writing anything, a target it cannot restore into: a bucket not made yet, or no pg_restore", async () => {
      const missingBucket = { ...target.config, s3: { ...target.config.s3!, bucket: `not-made-${randomBytes(4).toString("hex")}` } };
      const noBucketStorage = await createObjectStorage(missingBucket);
      try {
        const lines: string[] = [];
        const restore = restoreBackup({ config: missingBucket, storage: noBucketStorage, log: (line) => void lines.push(line) }, snapshot);
        await expect(restore).rejects.toThrow("The S3 bucket named by S3_BUCKET does not exist");
        await expect(restore).rejects.toBeInstanceOf(BackupError);
      } finally {
        noBucketStorage.close();
      }
      const path_ = process.env.PATH;
      process.env.PATH = mkdtempSync(path.join(work, "no-pg-restore-"));
      const lines: string[] = [];
      try {
        await expect(restoreBackup({ config: target.config, storage: target.storage, log: (line) => void lines.push(line) }, snapshot)).rejects.toThrow("pg_restore was not found");
      } finally {
        process.env.PATH = path_;
      }
      // Refused before the stored files were put in the bucket, not after (and then removed again).
      expect(lines.some((line) => line.startsWith("Restoring"))).toBe(false);
      await expectTargetEmpty();
    });
  }

  it("empties the target again when the restore fails after the database is in place", async () => {
    // The manifest is not among the entries it lists digests for: one more article than the dump holds
    // passes the check of every file, and fails only once the restored database is counted.
    const wrongCount = folderCopyOfSnapshot("wrong-count-");
    const changed = { ...manifest, database: { ...manifest.database, tables: { ...manifest.database.tables, articles: manifest.database.tables.articles! + 1 } } };
    writeFileSync(path.join(wrongCount, "manifest.json"), JSON.stringify(changed));

    await expect(restoreInProcess(wrongCount)).rejects.toThrow("articles: " + changed.database.tables.articles + " in the snapshot");
    await expectTargetEmpty();
    // The next test restores the good snapshot into this same target: the failure left nothing in its way.
  });

  it("leaves nothing behind when a backup or a restore is stopped (Ctrl-C aborts their signal)", async () => {
    const stopped = new BackupError("stopped");
    const stopAt = (step: string) => {
      const controller = new AbortController();
      return { signal: controller.signal, log: (line: string) => line.startsWith(step) && controller.abort(stopped) };
    };
    // The backup, once the database copy is written and the stored files are being copied.
    const folder = mkdtempSync(path.join(work, "stopped-backup-"));
    const backup = stopAt("Copying the stored files");
    await expect(createBackup({ config: source.config, storage: source.storage, now: () => new Date(), ...backup }, path.join(folder, "site.tar.gz"))).rejects.toBe(stopped);
    expect(readdirSync(folder)).toEqual([]);
    // The restore, once every stored file is put and the database is about to be.
    const restore = stopAt("Restoring the database");
    await expect(restoreBackup({ config: target.config, storage: target.storage, ...restore }, snapshot)).rejects.toBe(stopped);
    await expectTargetEmpty();
  });

  it("restores into the empty target everything the manifest claims, identical", async () => {
    const restored = await runScript("restore", [snapshot], target);
    expect(restored.output).toContain("Restored the backup");
    expect(restored.code).toBe(0);

    // Every table holds the rows the manifest counted.
    for (const [table, count] of Object.entries(manifest.database.tables)) {
      expect([table, Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(target.db())).rows[0]!.n)]).toEqual([table, count]);
    }
    // Content nothing wrote to comes back row for row.
    for (const table of UNCHANGED_TABLES) {
      expect(sortRows(await tableRows(target.db(), table))).toEqual(sortRows(await tableRows(source.db(), table)));
    }
    // Every subscriber as the site stored it, every sign-up answered before the backup among them.
    const sourceSubscribers = new Map((await tableRows(source.db(), "subscribers")).map((row) => [row.id, row]));
    const restoredSubscribers = await tableRows(target.db(), "subscribers");
    const withoutMailProgress = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([column]) => !CONFIRMATION_MAIL_PROGRESS.includes(column)));
    for (const row of restoredSubscribers) expect(withoutMailProgress(row)).toEqual(withoutMailProgress(sourceSubscribers.get(row.id)!));
    expect(restoredSubscribers.map((row) => row.email)).toEqual(expect.arrayContaining(writtenBeforeBackup.subscribed));

    // Every file: the restored storage holds exactly the manifest's files, with the bytes the site stored.
    expect(await keysOf(target.storage)).toEqual(manifest.files.map((file) => file.key).sort());
    for (const file of manifest.files) {
      const [restoredBytes, sourceBytes] = await Promise.all([bytesOf(target.storage, file.key), bytesOf(source.storage, file.key)]);
      expect([file.key, sha256(restoredBytes!)]).toEqual([file.key, file.sha256]);
      expect(restoredBytes!.equals(sourceBytes!)).toBe(true);
      // Served as the site stored it: its type and caching (the sample audio's Cache-Control among them).
      const [restored, stored] = await Promise.all([target.storage.head(file.key), source.storage.head(file.key)]);
      expect([file.key, restored!.contentType, restored!.cacheControl]).toEqual([file.key, stored!.contentType, stored!.cacheControl]);
    }
    expect(manifest.files.some((file) => file.cacheControl)).toBe(true);
    // No session secret: the restored site draws its own at its first start.
    expect(existsSync(path.join(target.config.dataDir, "session-secret"))).toBe(false);
  });

  it("refuses to restore into a target that is not empty, and changes nothing there", async () => {
    const state = async () => ({ keys: await keysOf(target.storage), subscribers: (await tableRows(target.db(), "subscribers")).length });
    const before = await state();
    // The data folder's files are read just around the refused restore, with the test's own connection idle.
    const folderBefore = folderState(target.config.dataDir);
    await expect(restoreInProcess(snapshot)).rejects.toThrow("a restore only goes into an empty site");
    expect(folderState(target.config.dataDir)).toEqual(folderBefore);
    expect(await state()).toEqual(before);
  });

  it("fails with a clear message and leaves no snapshot when it cannot copy the database", async () => {
    const noDatabase = { ...source.config, dataDir: mkdtempSync(path.join(work, "no-database-")) };
    // On PostgreSQL: no pg_dump on the PATH, then a pg_dump older than the server (a stand-in that prints an old version).
    const oldTools = mkdtempSync(path.join(work, "old-pg-dump-"));
    writeFileSync(path.join(oldTools, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n", { mode: 0o755 });
    const failures =
      dialect === "sqlite"
        ? [{ config: noDatabase, PATH: process.env.PATH, message: "There is no database at" }]
        : [
            { config: source.config, PATH: mkdtempSync(path.join(work, "no-tools-")), message: "pg_dump was not found" },
            { config: source.config, PATH: oldTools, message: "older than the PostgreSQL server" },
          ];
    for (const failure of failures) {
      const folder = mkdtempSync(path.join(work, "failed-backup-"));
      const path_ = process.env.PATH;
      process.env.PATH = failure.PATH;
      try {
        const backup = createBackup({ config: failure.config, storage: source.storage, now: () => new Date(), log: () => undefined }, path.join(folder, "site.tar.gz"));
        await expect(backup).rejects.toThrow(failure.message);
      } finally {
        process.env.PATH = path_;
      }
      expect(readdirSync(folder)).toEqual([]);
    }
  });
});
