import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ObjectStorage } from "~/adapters/storage/object-storage.server";
import { STAGING_PREFIX } from "~/adapters/uploads/s3-staged-uploads.server";
import { BackupError } from "./backup-error";
import { digestStream } from "./digest-stream.server";
import { fileEntry, sameDigest, type ManifestFile } from "./manifest";
import type { SnapshotWriter } from "./snapshot-writer.server";

/**
 * Copies every stored file into the snapshot. Each manifest line is made from the bytes actually
 * written, so a file put or removed while the backup runs is either in the snapshot whole, with its
 * own size and sha256, or not claimed at all: the storage replaces a file in one step (a rename, an
 * S3 PUT), and one read sees one version. Uploads still arriving in pieces (staged in the bucket when
 * several instances share it) are left out, as staged uploads on disk are: nothing uses them yet.
 */
export async function copyStoredFiles(storage: ObjectStorage, writer: SnapshotWriter, progress: (copied: number) => void, signal?: AbortSignal): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  for await (const key of storage.list()) {
    signal?.throwIfAborted();
    if (key.startsWith(`${STAGING_PREFIX}/`)) continue;
    const object = await storage.get(key);
    if (!object) continue; // removed since it was listed
    const digest = await writer.add(fileEntry(key), object.body, object.size);
    files.push({ key, ...digest, contentType: object.contentType, ...(object.cacheControl ? { cacheControl: object.cacheControl } : {}) });
    if (files.length % 100 === 0) progress(files.length);
  }
  return files;
}

/**
 * Puts one file back in storage, checking on the way that its bytes are the ones the manifest lists.
 * Both sides are waited for, even when one fails first: a clean-up must not race an upload still running.
 */
export async function restoreStoredFile(storage: ObjectStorage, file: ManifestFile, body: Readable): Promise<void> {
  const digest = digestStream();
  const [read, put] = await Promise.allSettled([
    pipeline(body, digest),
    storage.put(file.key, digest, { contentType: file.contentType, ...(file.cacheControl ? { cacheControl: file.cacheControl } : {}) }),
  ]);
  if (read.status === "rejected") throw read.reason;
  if (put.status === "rejected") throw put.reason;
  if (!sameDigest(digest.digest(), file)) throw new BackupError(`${file.key} changed in the snapshot while it was being restored.`);
}
