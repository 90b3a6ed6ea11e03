import { createReadStream } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { BackupError } from "./backup-error";
import { tarEntries, type TarEntry } from "./tar-reader.server";

/**
 * The entries of a snapshot, a folder or an archive alike, in the order they are stored (an archive's
 * manifest comes last). Each body must be read to its end before the next entry is asked for; a
 * restore reads a snapshot twice, once to check every file and once to put them in place.
 */
export type SnapshotEntries = () => AsyncGenerator<TarEntry>;

export async function openSnapshot(source: string): Promise<SnapshotEntries> {
  const stats = await stat(source).catch(() => null);
  if (!stats) throw new BackupError(`There is no backup at ${source}.`);
  if (stats.isDirectory()) return () => folderEntries(source);
  const gzipped = await startsWithGzipMagic(source);
  return () => tarEntries(gzipped ? gunzipped(source) : createReadStream(source));
}

/**
 * The file, decompressed. pipeline (unlike .pipe) hands a read error on to the gunzip stream and closes
 * both on any failure, so every error reaches the tar reader, which names the snapshot damaged.
 */
function gunzipped(file: string): Readable {
  const gunzip = createGunzip();
  pipeline(createReadStream(file), gunzip, () => undefined);
  return gunzip;
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

async function* folderEntries(root: string, prefix = ""): AsyncGenerator<TarEntry> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* folderEntries(root, name);
    else if (entry.isFile()) yield { name, body: createReadStream(path.join(root, name)) };
  }
}

/** Reads a body to its end without keeping it. */
export async function drain(body: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of body);
}
