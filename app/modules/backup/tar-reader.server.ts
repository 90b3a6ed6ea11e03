import { Readable } from "node:stream";
import { BackupError } from "./backup-error";
import { BLOCK, padding, parseHeader, parsePaxRecords } from "./tar-header";

const CHUNK = 64 * 1024;
const damaged = (what: string) => new BackupError(`The snapshot is damaged or incomplete: ${what}. Was its copy or download interrupted? Restore another one.`);
const truncated = () => damaged("the archive ends in the middle of a file");

/** Reads a byte stream in the sizes a tar archive asks for. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes; an empty buffer once the source has ended. */
  async read(max: number): Promise<Buffer> {
    if (this.buffered.length === 0) {
      const next = await this.source.next().catch((error: unknown) => {
        // A read or gunzip failure (zlib's "unexpected end of file" for a cut-short .tar.gz) is the snapshot's fault.
        throw error instanceof BackupError ? error : damaged((error as Error).message);
      });
      if (next.done) return Buffer.alloc(0);
      this.buffered = next.value;
    }
    const part = this.buffered.subarray(0, max);
    this.buffered = this.buffered.subarray(part.length);
    return part;
  }

  async readExactly(length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let got = 0; got < length; ) {
      const part = await this.read(length - got);
      if (part.length === 0) throw truncated();
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }

  async skip(length: number): Promise<void> {
    for (let left = length; left > 0; ) {
      const part = await this.read(Math.min(left, CHUNK));
      if (part.length === 0) throw truncated();
      left -= part.length;
    }
  }
}

export interface TarEntry {
  name: string;
  /** Must be read to its end before the next entry is asked for. */
  body: Readable;
}

/**
 * The regular files of a tar archive, in order; folders and pax records are followed, not returned. The
 * archive is closed when the reading ends, whether it reached the end, failed or was left early.
 */
export async function* tarEntries(archive: Readable): AsyncGenerator<TarEntry> {
  try {
    yield* entriesOf(new ByteReader(archive[Symbol.asyncIterator]()));
  } finally {
    archive.destroy();
  }
}

async function* entriesOf(reader: ByteReader): AsyncGenerator<TarEntry> {
  let next: { path?: string; size?: number } = {};
  for (;;) {
    const block = await reader.readExactly(BLOCK);
    let header;
    try {
      header = parseHeader(block);
    } catch {
      throw new BackupError("This file is not a backup archive, or it is damaged or incomplete (a tar header does not check out).");
    }
    if (!header) return;
    const name = next.path ?? header.name;
    const size = next.size ?? header.size;
    if (header.type === "pax" || header.type === "gnu-long-name") {
      const body = await reader.readExactly(header.size);
      await reader.skip(padding(header.size));
      next = header.type === "pax" ? parsePaxRecords(body) : { path: body.toString("utf8").replace(/\0+$/, "") };
      continue;
    }
    next = {};
    if (header.type !== "file") {
      await reader.skip(size + padding(size));
      continue;
    }
    let remaining = size;
    const body = Readable.from(
      (async function* () {
        while (remaining > 0) {
          const chunk = await reader.read(Math.min(remaining, CHUNK));
          if (chunk.length === 0) throw truncated();
          remaining -= chunk.length;
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
    yield { name: name.replace(/^\.\//, ""), body };
    if (remaining > 0) throw new Error(`The entry ${name} was not read to its end`);
    await reader.skip(padding(size));
  }
}
