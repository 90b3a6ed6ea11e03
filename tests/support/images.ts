import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A real PNG of `width` × `height` in the site's green. */
export const pngImage = (width = 40, height = 60) => sharp({ create: { width, height, channels: 3, background: "#1b6b3a" } }).png().toBuffer();

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A tiny file whose header claims 20 000 × 20 000 pixels: a decompression bomb by its promise. */
export function bombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(100))), chunk("IEND", Buffer.alloc(0))]);
}

/** A PNG with `<script>` in its first kilobyte (in a text chunk), still a valid image. */
export async function scriptPng(): Promise<Buffer> {
  const png = await pngImage();
  return Buffer.concat([png.subarray(0, 33), chunk("tEXt", Buffer.from("Comment\0<script>alert(1)</script>", "latin1")), png.subarray(33)]);
}
