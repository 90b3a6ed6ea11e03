import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/utils";
import { ensurePrivateFolder } from "~/lib/private-files.server";
import { isUploadPurpose, type UploadPurpose } from "~/lib/upload-limits";

/**
 * Large files arrive in pieces over the tus resumable-upload protocol (server/uploads.ts) and wait
 * here, in DATA_DIR/uploads, until the form that uses them is sent: then the file is checked and
 * copied into object storage, and its staged copy removed. An upload nobody finishes or uses is
 * removed after a day (docs/decisions/032-resumable-uploads-with-tus.md), and pieces a crash left
 * behind are removed when the server starts (server/start-server.ts).
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
  /** The staged bytes on this machine's disk. */
  file: string;
}

export interface StagedUploads {
  /** The tus data store the protocol handler writes to, loaded on first use (see createStagedUploads). */
  store(): Promise<DataStore>;
  find(id: string): Promise<StagedUpload | null>;
  remove(id: string): Promise<void>;
  /** Removes uploads older than the lifetime; returns how many. */
  removeExpired(): Promise<number>;
  /** Removes every upload (data file, its .json, an MP3 made from it, or any alone) untouched for `graceMs`; returns how many. */
  removeLeftovers(now: Date, graceMs?: number): Promise<number>;
}

export const isUploadId = (id: unknown): id is string => typeof id === "string" && UPLOAD_ID.test(id);

export function createStagedUploads(dataDir: string): StagedUploads {
  const directory = path.join(dataDir, "uploads");
  // The tus store makes its folder open to all and its files by the process umask: the folder is made private first.
  ensurePrivateFolder(directory);
  // @tus/file-store loads when an upload is first sent, looked up or expired, not when the server starts.
  let loading: Promise<FileStore> | undefined;
  const store = () =>
    (loading ??= import("@tus/file-store").then(({ FileStore }) => new FileStore({ directory, expirationPeriodInMilliseconds: STAGED_UPLOAD_LIFETIME_MS })));
  return {
    store,
    async find(id) {
      if (!isUploadId(id)) return null;
      try {
        const upload = await (await store()).getUpload(id);
        const file = path.join(directory, id);
        // The data file is the truth for what arrived; the sidecar may lag a crashed write.
        const offset = (await stat(file)).size;
        const size = upload.size ?? null;
        return { id, size, offset, owner: upload.metadata?.owner ?? null, fileName: upload.metadata?.filename ?? null, purpose: isUploadPurpose(upload.metadata?.purpose) ? upload.metadata.purpose : "audio", complete: size !== null && offset === size, file };
      } catch {
        return null;
      }
    },
    async remove(id) {
      if (!isUploadId(id)) return;
      await (await store()).remove(id).catch(() => undefined);
    },
    // Most hours there is nothing staged: the store is not loaded just to find that out.
    removeExpired: async () => ((await readdir(directory).catch(() => [])).length === 0 ? 0 : (await store()).deleteExpired()),
    removeLeftovers: (now, graceMs = LEFTOVER_GRACE_MS) => removeLeftovers(directory, now.getTime() - graceMs),
  };
}

/** Pieces are grouped by upload id; a group goes when its newest piece is older than `cutoffMs`. */
async function removeLeftovers(directory: string, cutoffMs: number): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const pieces = new Map<string, string[]>();
  for (const name of names) {
    // The data file, its .json, and the .mp3 made from a WAV while it is encoded (episode-audio.server.ts).
    const id = name.replace(/\.(json|mp3)$/, "");
    // Only what tus and the encoder write here; any other file is left alone.
    if (isUploadId(id)) pieces.set(id, [...(pieces.get(id) ?? []), path.join(directory, name)]);
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

/** The finished upload `id` started by `owner`; null when missing, another account's, or unfinished. */
export async function finishedUpload(uploads: StagedUploads, id: string, owner: string | null): Promise<StagedUpload | null> {
  const upload = await uploads.find(id);
  return upload && owner !== null && upload.owner === owner && upload.complete ? upload : null;
}
