import { randomUUID } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { chmod, copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { flushToDisk, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "~/lib/private-files.server";
import { checkPutOptions, clampRange, type ObjectInfo, type ObjectStorage, type PutOptions } from "./contract";
import { assertObjectKey, InvalidObjectKeyError, isValidObjectKey } from "./keys";
import { removeAbandonedTemporaryFiles, temporaryName } from "./temporary-files.server";

/** What the sidecar file beside each object keeps. */
interface Metadata {
  contentType: string;
  cacheControl?: string;
  etag: string;
}

const FALLBACK_TYPE = "application/octet-stream";
const TEMPORARY_FOLDER = ".tmp";

/**
 * Opens the storage at start: the writes a crash cut short (temporary files whose writer is gone) are
 * removed first, so they do not pile up in the data folder and its backups' disk, start after start.
 */
export async function openFilesystemStorage(folder: string): Promise<ObjectStorage> {
  await removeAbandonedTemporaryFiles(path.join(path.resolve(folder), TEMPORARY_FOLDER));
  return createFilesystemStorage(folder);
}

/**
 * Objects as plain files under `root` (DATA_DIR/objects): the object `podcast/x.mp3` is the file
 * `root/podcast/x.mp3`, so the owner can browse and back up the folder. Beside the objects, in
 * folders no key can name (keys never start a segment with a dot):
 * - `root/.meta/<key>.json` keeps the content type, Cache-Control and ETag;
 * - `root/.tmp/` holds writes in progress. A write goes to a temporary file, is flushed to disk
 *   (fsync), then renamed into place, so a reader never sees half a file, even after a crash.
 *   A crash's leftovers are removed when the storage is opened (`openFilesystemStorage`).
 * Every path is resolved and checked to stay inside `root`, on top of the key rules.
 */
export function createFilesystemStorage(folder: string): ObjectStorage {
  const root = path.resolve(folder);
  const metaRoot = path.join(root, ".meta");
  const tempRoot = path.join(root, TEMPORARY_FOLDER);

  const inside = (base: string, relative: string) => {
    const resolved = path.resolve(base, relative);
    if (!resolved.startsWith(base + path.sep)) throw new InvalidObjectKeyError(relative);
    return resolved;
  };
  const objectPath = (key: string) => inside(root, assertObjectKey(key));
  const metaPath = (key: string) => inside(metaRoot, `${assertObjectKey(key)}.json`);

  async function readMetadata(key: string): Promise<Metadata | null> {
    try {
      return JSON.parse(await readFile(metaPath(key), "utf8")) as Metadata;
    } catch {
      return null; // a file put there by hand has no sidecar: it is served as bytes
    }
  }

  function info(size: number, mtime: Date, meta: Metadata | null): ObjectInfo {
    return {
      size,
      contentType: meta?.contentType ?? FALLBACK_TYPE,
      ...(meta?.cacheControl ? { cacheControl: meta.cacheControl } : {}),
      etag: meta?.etag ?? `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`,
      lastModified: mtime,
    };
  }

  /** Writes the object through `fill(temporaryFile)`, then its sidecar, each flushed and renamed into place. */
  async function store(key: string, options: PutOptions, fill: (temporary: string) => Promise<void>): Promise<ObjectInfo> {
    const target = objectPath(key);
    const metaTarget = metaPath(key);
    checkPutOptions(options);
    await mkdir(tempRoot, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const temporary = path.join(tempRoot, temporaryName());
    const temporaryMeta = `${temporary}.json`;
    try {
      await fill(temporary);
      await flushToDisk(temporary);
      const meta: Metadata = { contentType: options.contentType, ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}), etag: `"${randomUUID()}"` };
      await writeFile(temporaryMeta, JSON.stringify(meta), { flag: "wx", mode: PRIVATE_FILE_MODE });
      await flushToDisk(temporaryMeta);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await mkdir(path.dirname(metaTarget), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await rename(temporaryMeta, metaTarget);
      await rename(temporary, target);
      await Promise.all([flushFolder(path.dirname(target)), flushFolder(path.dirname(metaTarget))]);
      const { size, mtime } = await stat(target);
      return info(size, mtime, meta);
    } catch (error) {
      await Promise.all([rm(temporary, { force: true }), rm(temporaryMeta, { force: true })]);
      throw error;
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    const stats = await stat(objectPath(key)).catch((error: NodeJS.ErrnoException) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!stats?.isFile()) return null;
    return info(stats.size, stats.mtime, await readMetadata(key));
  }

  return {
    kind: "filesystem",

    put(key, body, options) {
      return store(key, options, async (temporary) => {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body, { flag: "wx", mode: PRIVATE_FILE_MODE });
        else await pipeline(body, createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE }));
      });
    },

    putFile(key, file, options) {
      // A copy keeps its source's mode (a staged upload made before this process's umask), so it is narrowed.
      return store(key, options, async (temporary) => {
        await copyFile(file, temporary, constants.COPYFILE_EXCL);
        await chmod(temporary, PRIVATE_FILE_MODE);
      });
    },

    async get(key, range) {
      const file = objectPath(key);
      const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        const served = range ? clampRange(range, stats.size) : undefined;
        const meta = await readMetadata(key);
        // The stream closes the file when it ends or is destroyed.
        const body = handle.createReadStream(served ?? {});
        return { ...info(stats.size, stats.mtime, meta), body, ...(served ? { range: served } : {}) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      await removeFile(objectPath(key));
      await removeFile(metaPath(key));
    },

    list: () => listKeys(root),

    close() {},
  };
}

/**
 * The keys of the files under `root`, depth first. The dot-folders (.meta, .tmp) hold no objects, and a
 * file no key could name (put there by hand) is not an object either.
 */
async function* listKeys(root: string, prefix = ""): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (isMissing(error)) return [];
    throw error;
  });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!isValidObjectKey(key)) continue;
    if (entry.isDirectory()) yield* listKeys(root, key);
    else if (entry.isFile()) yield key;
  }
}

function isMissing(error: NodeJS.ErrnoException): boolean {
  return error.code === "ENOENT" || error.code === "ENOTDIR";
}

async function removeFile(file: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    // Not there, or a folder of other objects (the key "a" when "a/b" exists): nothing to delete.
    if (!isMissing(error) && error.code !== "EISDIR") throw error;
  });
}

/** Makes a rename durable; some platforms cannot open a folder for this, and that is not an error. */
async function flushFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r").catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}
