import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand } from "@aws-sdk/client-s3";
import type { DataStore, Upload } from "@tus/utils";
import { createS3Client, isNotFound } from "~/adapters/storage/s3-storage.server";
import type { AppConfig } from "~/lib/config.server";
import { PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { describeUpload, isUploadId, LEFTOVER_GRACE_MS, removeLeftovers, STAGED_UPLOAD_LIFETIME_MS, type StagedUpload, type StagedUploads } from "./staged-uploads.server";

type S3Settings = NonNullable<AppConfig["s3"]>;

/** Where staged uploads wait in the bucket: `staged-uploads/<id>/upload.json` and its pieces beside it. */
export const STAGING_PREFIX = "staged-uploads";
/**
 * A PATCH's bytes are stored as pieces of at most this size, each one object. The browser sends
 * 5 MB per request (app/components/ui/resumable-upload.ts), so one request is one piece; a client that
 * streams a whole file in one request is cut every 8 MiB, which is also what one request holds in memory.
 */
export const PIECE_BYTES = 8 * 1024 * 1024;
const INFO = "upload.json";
/** Offsets in piece names are zero-padded so that names sort by position (12 digits: up to 1 TB). */
const PIECE = /^(\d{12})-(\d{12})$/;
const pad = (offset: number) => String(offset).padStart(12, "0");

/** What `upload.json` keeps: written once when the upload is created, never changed. */
interface UploadInfo {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

interface Piece {
  key: string;
  start: number;
  end: number;
}

interface Listing {
  /** upload.json and when it was written; null when the upload is gone (or only leftovers remain). */
  info: { key: string; lastModified: number } | null;
  pieces: Piece[];
  /** Every key under the upload's prefix, and the newest write among them. */
  keys: string[];
  newest: number;
}

/**
 * Staged uploads in the S3-compatible bucket the site already uses, so that any instance behind a
 * load balancer continues an upload another one started (ADR 067). Each upload is a folder of objects:
 * `upload.json` (size, owner, name and purpose, written once at creation) and one object per piece
 * received, named by the byte range it holds (`000000000000-000005242880`). What has arrived is read
 * from a listing of the folder: the bytes covered without a gap from 0. Only PutObject, GetObject,
 * ListObjectsV2 and DeleteObject are used, which every S3-compatible server has; the multipart calls
 * @tus/s3-store needs (ListParts, AbortMultipartUpload, ListMultipartUploads) are not.
 *
 * Pieces may overlap (a client that resends a range after a timeout): the same upload's bytes at the
 * same offsets are the same, so overlaps are skipped when the file is read back.
 */
export function createS3StagedUploads(settings: S3Settings, directory: string, now: () => Date): StagedUploads {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const prefixOf = (id: string) => `${STAGING_PREFIX}/${id}/`;
  /** upload.json never changes once written, so each process reads it once per upload (a bounded memory). */
  const infos = new Map<string, UploadInfo>();

  async function listKeys(prefix: string): Promise<Array<{ key: string; lastModified: number }>> {
    const found: Array<{ key: string; lastModified: number }> = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
      for (const item of page.Contents ?? []) if (item.Key) found.push({ key: item.Key, lastModified: item.LastModified?.getTime() ?? 0 });
    }
    return found;
  }

  async function listing(id: string): Promise<Listing> {
    const prefix = prefixOf(id);
    const items = await listKeys(prefix);
    let info: Listing["info"] = null;
    const pieces: Piece[] = [];
    for (const item of items) {
      const name = item.key.slice(prefix.length);
      if (name === INFO) info = item;
      const range = PIECE.exec(name);
      if (range) pieces.push({ key: item.key, start: Number(range[1]), end: Number(range[2]) });
    }
    pieces.sort((a, b) => a.start - b.start || b.end - a.end);
    return { info, pieces, keys: items.map((item) => item.key), newest: Math.max(0, ...items.map((item) => item.lastModified)) };
  }

  async function readInfo(id: string): Promise<UploadInfo | null> {
    const known = infos.get(id);
    if (known) return known;
    try {
      const result = await client.send(new GetObjectCommand({ Bucket, Key: prefixOf(id) + INFO }));
      const info = JSON.parse(await result.Body!.transformToString()) as UploadInfo;
      if (infos.size >= 500) infos.delete(infos.keys().next().value!);
      infos.set(id, info);
      return info;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The upload as tus sees it, or null when there is none. */
  async function current(id: string): Promise<{ info: UploadInfo; offset: number; pieces: Piece[] } | null> {
    if (!isUploadId(id)) return null;
    const found = await listing(id);
    if (!found.info) return null;
    const info = await readInfo(id);
    return info ? { info, offset: covered(found.pieces), pieces: found.pieces } : null;
  }

  const put = (Key: string, Body: Buffer | string, ContentType: string) =>
    client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength: Buffer.byteLength(Body) }));

  async function removeKeys(keys: string[]): Promise<void> {
    // One at a time in small groups: DeleteObjects needs a checksum some S3-compatible servers refuse.
    for (let index = 0; index < keys.length; index += 8) {
      await Promise.all(keys.slice(index, index + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    }
  }

  /** Removes the upload's objects (upload.json first, so no instance sees a half-removed upload) and this machine's copies. */
  async function removeUpload(id: string, found: Listing): Promise<void> {
    infos.delete(id);
    if (found.info) await removeKeys([found.info.key]);
    await removeKeys(found.keys.filter((key) => key !== found.info?.key));
    await Promise.all([rm(path.join(directory, id), { force: true }), rm(path.join(directory, `${id}.mp3`), { force: true })]);
  }

  let loading: Promise<DataStore> | undefined;
  const store = () => (loading ??= tusStore());

  async function tusStore(): Promise<DataStore> {
    const { DataStore, ERRORS, Upload } = await import("@tus/server");
    const toUpload = (id: string, info: UploadInfo, offset: number): Upload =>
      new Upload({ id, size: info.size, offset, metadata: info.metadata, creation_date: info.creation_date, storage: { type: "s3", path: prefixOf(id), bucket: Bucket } });

    class PieceStore extends DataStore {
      constructor() {
        super();
        this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
      }

      override async create(upload: Upload): Promise<Upload> {
        const info: UploadInfo = { id: upload.id, size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date };
        await put(prefixOf(upload.id) + INFO, JSON.stringify(info), "application/json");
        return toUpload(upload.id, info, 0);
      }

      override async getUpload(id: string): Promise<Upload> {
        const found = await current(id);
        if (!found) throw ERRORS.FILE_NOT_FOUND;
        return toUpload(id, found.info, found.offset);
      }

      override async write(body: Readable, id: string, offset: number): Promise<number> {
        let start = offset;
        let held: Buffer[] = [];
        let heldBytes = 0;
        const store = async (bytes: Buffer) => {
          await put(prefixOf(id) + `${pad(start)}-${pad(start + bytes.length)}`, bytes, "application/octet-stream");
          start += bytes.length;
        };
        try {
          for await (const chunk of body as AsyncIterable<Buffer>) {
            held.push(chunk);
            heldBytes += chunk.length;
            while (heldBytes >= PIECE_BYTES) {
              const all = Buffer.concat(held);
              await store(all.subarray(0, PIECE_BYTES));
              held = all.length > PIECE_BYTES ? [all.subarray(PIECE_BYTES)] : [];
              heldBytes = all.length - PIECE_BYTES;
            }
          }
          if (heldBytes > 0) await store(Buffer.concat(held));
        } catch (error) {
          if (error && typeof error === "object" && "status_code" in error) throw error;
          throw ERRORS.FILE_WRITE_ERROR;
        }
        return start;
      }

      override async remove(id: string): Promise<void> {
        const found = isUploadId(id) ? await listing(id) : null;
        if (!found?.info) throw ERRORS.FILE_NOT_FOUND;
        await removeUpload(id, found);
      }

      override async deleteExpired(): Promise<number> {
        return deleteExpired();
      }

      override getExpiration(): number {
        return STAGED_UPLOAD_LIFETIME_MS;
      }
    }
    return new PieceStore();
  }

  /** Uploads whose upload.json is older than the lifetime, and leftovers without one whose newest piece is. */
  async function deleteExpired(): Promise<number> {
    const cutoff = now().getTime() - STAGED_UPLOAD_LIFETIME_MS;
    const ids = new Set<string>();
    for (const item of await listKeys(`${STAGING_PREFIX}/`)) {
      const id = item.key.split("/")[1];
      if (isUploadId(id)) ids.add(id);
    }
    let removed = 0;
    for (const id of ids) {
      const found = await listing(id);
      const written = found.info ? found.info.lastModified : found.newest;
      if (written >= cutoff) continue;
      await removeUpload(id, found);
      removed++;
    }
    return removed;
  }

  /** Fetches the pieces in order into one file (overlaps skipped), written beside and renamed into place. */
  async function fetchInto(file: string, pieces: Piece[], size: number): Promise<void> {
    const temporary = `${file}.${randomBytes(4).toString("hex")}.part`;
    async function* bytes() {
      let position = 0;
      for (const piece of pieces) {
        if (position >= size) break;
        if (piece.end <= position) continue;
        if (piece.start > position) throw new Error(`A staged upload misses bytes ${position}-${piece.start}`);
        const skip = position - piece.start;
        const result = await client.send(new GetObjectCommand({ Bucket, Key: piece.key, ...(skip > 0 ? { Range: `bytes=${skip}-` } : {}) }));
        for await (const chunk of result.Body as AsyncIterable<Buffer>) yield chunk;
        position = piece.end;
      }
      if (position < size) throw new Error(`A staged upload has ${position} of its ${size} bytes`);
    }
    try {
      await pipeline(bytes, createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE }));
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  return {
    kind: "s3",
    store,
    async find(id) {
      const found = await current(id);
      return found ? describeUpload(id, found.info.size ?? null, found.offset, found.info.metadata) : null;
    },
    async fileOf(upload: StagedUpload) {
      const file = path.join(directory, upload.id);
      // Fetched before on this machine (the same form sent again after a refusal): the upload never changes once complete.
      if ((await stat(file).catch(() => null))?.size === upload.offset) return file;
      const found = await listing(upload.id);
      await fetchInto(file, found.pieces, upload.offset);
      return file;
    },
    async remove(id) {
      if (!isUploadId(id)) return;
      await removeUpload(id, await listing(id));
    },
    async removeExpired() {
      // Copies fetched here for a form another instance finished are as old as their upload.
      await removeLeftovers(directory, now().getTime() - STAGED_UPLOAD_LIFETIME_MS);
      return deleteExpired();
    },
    // At start only this machine's copies can be leftovers: the bucket's uploads may be in use by another instance.
    removeLeftovers: (now, graceMs = LEFTOVER_GRACE_MS) => removeLeftovers(directory, now.getTime() - graceMs),
    close: () => client.destroy(),
  };
}

/** The bytes received without a gap from offset 0. */
export function covered(pieces: Piece[]): number {
  let end = 0;
  for (const piece of pieces) {
    if (piece.start > end) break;
    end = Math.max(end, piece.end);
  }
  return end;
}
