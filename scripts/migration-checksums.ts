import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Migrations on main are frozen: this file records each one's SHA-256 so a later edit or removal is noticed. */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../db/migrations");
export const CHECKSUMS_FILE_NAME = "checksums.json";

export type Checksums = Record<string, string>;

export interface ChecksumDrift {
  /** Listed files whose content is no longer what was recorded. */
  changed: string[];
  /** Listed files that are gone. */
  removed: string[];
  /** Migration files not listed yet. */
  unlisted: string[];
}

/** Migration files as the migrator loads them (NNNN-name.ts), in name order. */
export function migrationFiles(folder = MIGRATIONS_DIR): string[] {
  return readdirSync(folder).filter((name) => /^\d{4}-[\w-]+\.ts$/.test(name)).sort();
}

/** SHA-256 of a migration's text, with Windows line endings read as "\n" so a checkout on Windows agrees. */
export function checksumOf(file: string): string {
  return createHash("sha256").update(readFileSync(file, "utf8").replace(/\r\n/g, "\n")).digest("hex");
}

export function readChecksums(folder = MIGRATIONS_DIR): Checksums {
  const file = path.join(folder, CHECKSUMS_FILE_NAME);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Checksums) : {};
}

export function driftOf(folder = MIGRATIONS_DIR, recorded = readChecksums(folder)): ChecksumDrift {
  const files = migrationFiles(folder);
  return {
    changed: Object.keys(recorded).filter((name) => files.includes(name) && checksumOf(path.join(folder, name)) !== recorded[name]),
    removed: Object.keys(recorded).filter((name) => !files.includes(name)),
    unlisted: files.filter((name) => !(name in recorded)),
  };
}

/** Records the checksum of every unlisted migration; listed ones are never rewritten. Returns the names added. */
export function recordNewMigrations(folder = MIGRATIONS_DIR): string[] {
  const recorded = readChecksums(folder);
  const added = driftOf(folder, recorded).unlisted;
  for (const name of added) recorded[name] = checksumOf(path.join(folder, name));
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(folder, CHECKSUMS_FILE_NAME), `${JSON.stringify(sorted, null, 2)}\n`);
  return added;
}
