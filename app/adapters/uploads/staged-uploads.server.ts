import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/utils";
import type { AppConfig } from "~/lib/config.server";
import { ensurePrivateFolder } from "~/lib/private-files.server";
import { isUploadPurpose, type UploadPurpose } from "~/lib/upload-limits";

/**
 * Large files arrive in pieces over the tus resumable-upload protocol (server/uploads.ts) and wait
 * until the form that uses them is sent: then the file is checked and copied into object storage, and
 * its staged copy removed. They wait in DATA_DIR/uploads on one machine, or, when S3_* is set, in the
 * bucket under `staged-uploads/`, so that any instance behind a load balancer can take the next piece
 * (s3-staged-uploads.server.ts, docs/decisions/067-several-instances-staged-uploads-and-origin.md).
 * An upload nobody finishes or uses is removed after a day (docs/decisions/032-resumable-uploads-with-tus.md),
 * and pieces a crash left on this machine's disk are removed when the server starts (server/start-server.ts).
 */
export const STAGED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * At start, an upload whose pieces nobody has touched for this long is a leftover. Younger ones may
 * belong to another process sharing DATA_DIR, or to a browser resuming after the restart.
 */
export const LEFTOVER_GRACE_MS = 15 * 60 * 1000;
export { MAX_AUDIO_UPLOAD_BYTES } from "~/lib/upload-limits";

/** tus names uploads with 16 random bytes in hex; nothing else is ever looked up. */
const UPLOAD_ID = /^[a-f0-9]{32}$/;

export interface StagedUpload {
  id: string;
  /** Declared by the client when it started; null while deferred. */
  size: number | null;
  /** Bytes received so far. */
  offset: number;
  /** The account that started it (set by the server, never by the client). */
  owner: string | null;
  /** The name the browser gave, reduced to safe characters: for checks and messages, never a path. */
  fileName: string | null;
  /** What it was sent for (its size limit); audio when not said. */
  purpose: UploadPurpose;
  complete: boolean;
}

/** A finished upload with its bytes in a file on this machine's disk. */
export interface FinishedUpload extends StagedUpload {
  file: string;
}

export interface StagedUploads {
  /** Where the pieces wait: this machine's disk, or the bucket every instance shares. */
  readonly kind: "filesystem" | "s3";
  /** The tus data store the protocol handler writes to, loaded on first use (see createStagedUploads). */
  store(): Promise<DataStore>;
  /** What is known of the upload `id`, without reading its bytes; null when there is none. */
  find(id: string): Promise<StagedUpload | null>;
  /**
   * A file on this machine's disk holding the complete upload's bytes, for the checks and copies that
   * read files (file type, image and PDF checks, the WAV encoder). On disk it is the staged file itself;
   * from the bucket it is a copy fetched once into DATA_DIR/uploads, removed with the upload.
   */
  fileOf(upload: StagedUpload): Promise<string>;
  remove(id: string): Promise<void>;
  /** Removes uploads older than the lifetime; returns how many. */
  removeExpired(): Promise<number>;
  /** Removes every upload (data file, its .json, an MP3 made from it, or any alone) untouched for `graceMs` on this machine's disk; returns how many. */
  removeLeftovers(now: Date, graceMs?: number): Promise<number>;
  /** Releases connections (S3). */
  close(): void;
}

export const isUploadId = (id: unknown): id is string => typeof id === "string" && UPLOAD_ID.test(id);

/** Staged uploads in the bucket when S3_* is set (any instance continues them), otherwise in DATA_DIR/uploads. */
export async function createStagedUploads(config: Pick<AppConfig, "dataDir" | "s3">, now: () => Date = () => new Date()): Promise<StagedUploads> {
  const directory = path.join(config.dataDir, "uploads");
  // The tus store makes its folder open to all and its files by the process umask: the folder is made private first.
  ensurePrivateFolder(directory);
  if (!config.s3) return createFileStagedUploads(directory);
  const { createS3StagedUploads } = await import("./s3-staged-uploads.server");
  return createS3StagedUploads(config.s3, directory, now);
}

function createFileStagedUploads(directory: string): StagedUploads {
  // @tus/file-store loads when an upload is first sent, looked up or expired, not when the server starts.
  let loading: Promise<FileStore> | undefined;
  const store = () =>
    (loading ??= import("@tus/file-store").then(({ FileStore }) => new FileStore({ directory, expirationPeriodInMilliseconds: STAGED_UPLOAD_LIFETIME_MS })));
  return {
    kind: "filesystem",
    store,
    async find(id) {
      if (!isUploadId(id)) return null;
      try {
        const upload = await (await store()).getUpload(id);
        // The data file is the truth for what arrived; the sidecar may lag a crashed write.
        const offset = (await stat(path.join(directory, id))).size;
        return describeUpload(id, upload.size ?? null, offset, upload.metadata);
      } catch {
        return null;
      }
    },
    fileOf: async (upload) => path.join(directory, upload.id),
    async remove(id) {
      if (!isUploadId(id)) return;
      await (await store()).remove(id).catch(() => undefined);
    },
    // Most hours there is nothing staged: the store is not loaded just to find that out.
    removeExpired: async () => ((await readdir(directory).catch(() => [])).length === 0 ? 0 : (await store()).deleteExpired()),
    removeLeftovers: (now, graceMs = LEFTOVER_GRACE_MS) => removeLeftovers(directory, now.getTime() - graceMs),
    close() {},
  };
}

/** The upload as the site sees it, from what tus keeps (its metadata holds owner, name and purpose). */
export function describeUpload(id: string, size: number | null, offset: number, metadata: Record<string, string | null> | undefined): StagedUpload {
  const purpose = metadata?.purpose;
  return {
    id,
    size,
    offset,
    owner: metadata?.owner ?? null,
    fileName: metadata?.filename ?? null,
    purpose: isUploadPurpose(purpose) ? purpose : "audio",
    complete: size !== null && offset === size,
  };
}

/** The part of a file name in DATA_DIR/uploads that names its upload: the data file, its .json, an MP3 made from it, a copy being fetched. */
const UPLOAD_FILE = /^([a-f0-9]{32})(?:\.json|\.mp3|\.[a-f0-9]{8}\.part)?$/;

/** Pieces are grouped by upload id; a group goes when its newest piece is older than `cutoffMs`. */
export async function removeLeftovers(directory: string, cutoffMs: number): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const pieces = new Map<string, string[]>();
  for (const name of names) {
    // Only what tus, the encoder and the fetch from the bucket write here; any other file is left alone.
    const id = UPLOAD_FILE.exec(name)?.[1];
    if (id) pieces.set(id, [...(pieces.get(id) ?? []), path.join(directory, name)]);
  }
  let removed = 0;
  for (const files of pieces.values()) {
    const touched = await Promise.all(files.map((file) => stat(file).then((stats) => stats.mtimeMs, () => Infinity)));
    if (Math.max(...touched) >= cutoffMs) continue;
    await Promise.all(files.map((file) => rm(file, { force: true })));
    removed++;
  }
  return removed;
}

/** The finished upload `id` started by `owner`, with its bytes on this machine's disk; null when missing, another account's, or unfinished. */
export async function finishedUpload(uploads: StagedUploads, id: string, owner: string | null): Promise<FinishedUpload | null> {
  const upload = await uploads.find(id);
  if (!upload || owner === null || upload.owner !== owner || !upload.complete) return null;
  return { ...upload, file: await uploads.fileOf(upload) };
}
