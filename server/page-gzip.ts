import { promisify } from "node:util";
import { constants, crc32, deflateRaw, deflateRawSync } from "node:zlib";
import type { SharedPart } from "~/lib/page-response";

/**
 * Gzip for a page that holds a part every page holds alike (the inline stylesheet, half of an article's
 * bytes): the part is deflated once, at the best level, and each page's own bytes around it are deflated
 * on their own, the three joined into one gzip member (docs/decisions/082-the-stylesheet-compressed-once.md).
 *
 * Joining works because a deflate stream flushed with Z_SYNC_FLUSH ends on a byte boundary with no final
 * block, so the next one's blocks may follow it; each part only refers back within itself. The trailer's
 * CRC-32 runs over the whole page, continued part by part.
 */
const deflatedParts = new WeakMap<Buffer, Buffer>();
const deflateRawAsync = promisify(deflateRaw);
// No file name, no time; "unknown" operating system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page gzipped with its shared part deflated once; undefined when the part is not where the page says. */
export function gzipAroundSync(page: Buffer, part: SharedPart, level: number): Buffer | undefined {
  const [head, tail] = around(page, part) ?? [];
  if (!head || !tail) return undefined;
  return member(page, [deflateRawSync(head, { level, finishFlush: constants.Z_SYNC_FLUSH }), deflatedOnce(part.bytes), deflateRawSync(tail, { level })]);
}

/** The same, with the page's own bytes deflated off the server's thread. */
export async function gzipAround(page: Buffer, part: SharedPart, level: number): Promise<Buffer | undefined> {
  const [head, tail] = around(page, part) ?? [];
  if (!head || !tail) return undefined;
  const [deflatedHead, deflatedTail] = await Promise.all([deflateRawAsync(head, { level, finishFlush: constants.Z_SYNC_FLUSH }), deflateRawAsync(tail, { level })]);
  return member(page, [deflatedHead, deflatedOnce(part.bytes), deflatedTail]);
}

function around(page: Buffer, { at, bytes }: SharedPart): [Buffer, Buffer] | undefined {
  const end = at + bytes.length;
  if (at < 0 || end > page.length || !page.subarray(at, end).equals(bytes)) return undefined;
  return [page.subarray(0, at), page.subarray(end)];
}

function deflatedOnce(bytes: Buffer): Buffer {
  let deflated = deflatedParts.get(bytes);
  if (!deflated) deflatedParts.set(bytes, (deflated = deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })));
  return deflated;
}

function member(page: Buffer, deflated: Buffer[]): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(page), 0);
  trailer.writeUInt32LE(page.length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...deflated, trailer]);
}
