/**
 * The 512-byte headers of a POSIX tar archive (ustar, with pax extended headers for what ustar cannot
 * hold: names over 100 bytes and sizes over 8 GiB). Only regular files are written; the reader also
 * skips folders and the GNU long-name records other tar programs write, so an archive repacked with
 * `tar` still reads.
 */
export const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;
const NAME_BYTES = 100;

export type EntryType = "file" | "directory" | "pax" | "pax-global" | "gnu-long-name" | "other";

export interface TarHeader {
  name: string;
  size: number;
  type: EntryType;
}

function writeOctal(block: Buffer, value: number, offset: number, length: number): void {
  block.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

/** One header block; `name` must already fit (see needsPax). */
function ustarBlock(name: string, size: number, typeflag: string, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, NAME_BYTES, "utf8");
  writeOctal(block, 0o600, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, Math.min(size, MAX_OCTAL_SIZE), 124, 12);
  writeOctal(block, Math.floor(mtime.getTime() / 1000), 136, 12);
  block.write(typeflag, 156, 1, "ascii");
  block.write("ustar\0" + "00", 257, 8, "ascii");
  block.fill(" ", 148, 156);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return block;
}

/** "<length> key=value\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

/** The header blocks for a regular file: a pax header first when the name or the size needs one. */
export function fileHeader(name: string, size: number, mtime: Date): Buffer {
  const records = [
    ...(Buffer.byteLength(name) > NAME_BYTES ? [paxRecord("path", name)] : []),
    ...(size > MAX_OCTAL_SIZE ? [paxRecord("size", String(size))] : []),
  ];
  const header = ustarBlock(Buffer.byteLength(name) > NAME_BYTES ? name.slice(0, NAME_BYTES) : name, size, "0", mtime);
  if (records.length === 0) return header;
  const pax = Buffer.from(records.join(""), "utf8");
  return Buffer.concat([ustarBlock("PaxHeader", pax.length, "x", mtime), pax, Buffer.alloc(padding(pax.length)), header]);
}

/** Zero bytes that complete `size` bytes to a whole block. */
export function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

/** Two zero blocks close an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);

const TYPES: Record<string, EntryType> = { "0": "file", "\0": "file", "5": "directory", x: "pax", g: "pax-global", L: "gnu-long-name" };

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readSize(block: Buffer): number {
  // GNU tar writes sizes over 8 GiB as a big-endian binary number flagged by the top bit.
  if ((block[124]! & 0x80) !== 0) return Number(block.subarray(125, 136).readBigUInt64BE(3));
  return Number.parseInt(readString(block, 124, 12).trim() || "0", 8);
}

/** null for a zero block (the end of the archive); throws when the block is not a tar header. */
export function parseHeader(block: Buffer): TarHeader | null {
  if (block.every((byte) => byte === 0)) return null;
  const stored = Number.parseInt(readString(block, 148, 8).trim(), 8);
  const computed = block.reduce((sum, byte, index) => sum + (index >= 148 && index < 156 ? 32 : byte), 0);
  if (stored !== computed) throw new Error("not a tar header");
  const prefix = readString(block, 257, 6) === "ustar" ? readString(block, 345, 155) : "";
  const name = readString(block, 0, NAME_BYTES);
  return { name: prefix ? `${prefix}/${name}` : name, size: readSize(block), type: TYPES[String.fromCharCode(block[156]!)] ?? "other" };
}

/** The path and size a pax header sets for the entry after it. */
export function parsePaxRecords(body: Buffer): { path?: string; size?: number } {
  const result: { path?: string; size?: number } = {};
  for (const line of body.toString("utf8").split("\n")) {
    const match = /^\d+ ([^=]+)=(.*)$/s.exec(line);
    if (match?.[1] === "path") result.path = match[2]!;
    if (match?.[1] === "size") result.size = Number(match[2]);
  }
  return result;
}
