import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { flushToDisk, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "~/lib/private-files.server";
import { BackupError } from "./backup-error";
import { digestStream } from "./digest-stream.server";
import type { EntryDigest } from "./manifest";
import { END_OF_ARCHIVE, fileHeader, padding } from "./tar-header";

/**
 * Where a backup writes: a folder, or one .tar / .tar.gz archive, chosen by the name. Everything goes to
 * a temporary name beside the target and is renamed into place by `finish`, so a backup that fails
 * half-way leaves no snapshot that looks whole; `abort` removes the temporary one.
 */
export interface SnapshotWriter {
  /** Adds one entry from a stream that must hold exactly `size` bytes; returns what it held. */
  add(name: string, body: Readable, size: number): Promise<EntryDigest>;
  addFile(name: string, file: string): Promise<EntryDigest>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

export type SnapshotShape = "folder" | "tar" | "tar.gz";

export function shapeOf(target: string): SnapshotShape {
  if (/\.(tar\.gz|tgz)$/i.test(target)) return "tar.gz";
  return /\.tar$/i.test(target) ? "tar" : "folder";
}

export async function createSnapshotWriter(target: string): Promise<SnapshotWriter> {
  if (existsSync(target)) throw new BackupError(`${target} already exists. Choose another name with --out, or move the old one away.`);
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const temporary = `${target}.partial-${randomBytes(4).toString("hex")}`;
  const writer = shapeOf(target) === "folder" ? folderWriter(temporary) : await archiveWriter(temporary, shapeOf(target) === "tar.gz");
  return {
    ...writer,
    addFile: async (name, file) => writer.add(name, createReadStream(file), (await stat(file)).size),
    finish: async () => {
      await writer.finish();
      await rename(temporary, target);
    },
  };
}

/** The bytes did not match the size announced for them: the source changed while it was read. */
function checkSize(name: string, digest: EntryDigest, size: number): EntryDigest {
  if (digest.size !== size) {
    throw new BackupError(`${name} changed while it was being copied (${size} bytes when the copy began, ${digest.size} read). Run the backup again.`);
  }
  return digest;
}

function folderWriter(folder: string): Omit<SnapshotWriter, "addFile"> {
  return {
    async add(name, body, size) {
      const file = path.join(folder, name);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const digest = digestStream();
      await pipeline(body, digest, createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE_MODE }));
      await flushToDisk(file);
      return checkSize(name, digest.digest(), size);
    },
    finish: async () => undefined,
    abort: () => rm(folder, { recursive: true, force: true }),
  };
}

async function archiveWriter(file: string, gzip: boolean): Promise<Omit<SnapshotWriter, "addFile">> {
  const fileStream = createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE_MODE });
  const zipper = gzip ? createGzip() : undefined;
  const out: Writable = zipper ?? fileStream;
  const done = zipper ? pipeline(zipper, fileStream) : finished(fileStream);
  let failure: unknown;
  done.catch((error: unknown) => (failure ??= error));
  const write = async (chunk: Buffer) => {
    if (failure) throw failure;
    if (!out.write(chunk)) await Promise.race([once(out, "drain"), done]);
  };
  return {
    async add(name, body, size) {
      await write(fileHeader(name, size, new Date()));
      const digest = digestStream();
      await pipeline(body, digest, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) await write(chunk);
      });
      const written = checkSize(name, digest.digest(), size);
      await write(Buffer.alloc(padding(size)));
      return written;
    },
    async finish() {
      await write(END_OF_ARCHIVE);
      out.end();
      await done;
      await flushToDisk(file);
    },
    async abort() {
      out.destroy();
      await done.catch(() => undefined);
      await rm(file, { force: true });
    },
  };
}
