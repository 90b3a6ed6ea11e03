import { isValidObjectKey } from "~/adapters/storage/keys";
import { z } from "~/lib/zod";
import { SESSION_SECRET_FILE } from "~/lib/config.server";
import { BackupError } from "./backup-error";

/**
 * What a snapshot holds, written as `manifest.json` beside the rest. Restore trusts nothing else: an
 * entry the manifest does not name is ignored, and every entry it names must be there with its size
 * and sha256.
 *
 * Inside a snapshot (a folder, or the same names in a .tar / .tar.gz):
 *   manifest.json
 *   database/app.db            SQLite: a copy made with SQLite's online backup
 *   database/postgres.dump     PostgreSQL: pg_dump's custom format
 *   files/<key>                every stored file (audio, covers, downloads), under its storage key
 * Either database holds no sessions, one-time links nor attempt counters (left-out.ts).
 */
export const MANIFEST_NAME = "manifest.json";
export const FORMAT_VERSION = 1;

export const DATABASE_ENTRY = { sqlite: "database/app.db", postgres: "database/postgres.dump" } as const;
/**
 * Files of the data folder a snapshot made by an earlier version may hold (`data/session-secret`): they
 * are checked with the rest, and never restored. A snapshot made now holds none.
 */
export const DATA_FILES = [SESSION_SECRET_FILE] as const;
export const dataEntry = (name: string) => `data/${name}`;
export const fileEntry = (key: string) => `files/${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const size = z.number().int().min(0);
const entryDigest = z.object({ size, sha256 });

const manifestSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  database: entryDigest.extend({
    kind: z.enum(["sqlite", "postgres"]),
    /** The last migration applied: a restore refuses a snapshot newer than the site's code. */
    migration: z.string().nullable(),
    /** Rows per table, as the snapshot holds them (not as the running site had them a moment later). */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  storage: z.enum(["filesystem", "s3"]),
  dataFiles: z.array(entryDigest.extend({ name: z.enum(DATA_FILES) })),
  files: z.array(
    entryDigest.extend({
      key: z.string().refine(isValidObjectKey, "not a storage key"),
      contentType: z.string(),
      cacheControl: z.string().optional(),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest["files"][number];
export interface EntryDigest {
  size: number;
  sha256: string;
}

/** The same bytes, as far as a snapshot can tell: the same size and the same sha256. */
export const sameDigest = (found: EntryDigest, expected: EntryDigest) => found.size === expected.size && found.sha256 === expected.sha256;

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError("The snapshot's manifest.json is not valid JSON: the snapshot is damaged.");
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BackupError(`The snapshot's manifest.json is not one this version of the site reads (${issue?.path.join(".")}: ${issue?.message}).`);
  }
  return result.data;
}

/** Every entry the manifest names, with the digest its bytes must have. */
export function expectedEntries(manifest: Manifest): Map<string, EntryDigest> {
  const expected = new Map<string, EntryDigest>();
  expected.set(DATABASE_ENTRY[manifest.database.kind], manifest.database);
  for (const file of manifest.dataFiles) expected.set(dataEntry(file.name), file);
  for (const file of manifest.files) expected.set(fileEntry(file.key), file);
  return expected;
}
