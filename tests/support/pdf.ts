import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

/**
 * A small valid PDF written by hand: `pages` pages of 600 × 900 pt, the first with `title` in
 * Helvetica over a green block, the others numbered. Enough for pdf.js to draw a cover.
 */
export function simplePdf(pages: number, title = "Voices of Resilience"): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  // Each page takes two objects (contents, page); the page tree comes right after them.
  const pagesId = font + pages * 2 + 1;
  const pageIds: number[] = [];
  for (let n = 0; n < pages; n++) {
    const text = `BT /F1 36 Tf 60 700 Td (${n === 0 ? title : `Page ${n + 1}`}) Tj ET 0.1 0.4 0.2 rg 60 100 480 500 re f`;
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    pageIds.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 600 900] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`);
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A ZIP archive's first bytes, named whatever the test likes. */
export const zipBytes = () => Buffer.concat([Buffer.from("504b0304140000000800", "hex"), Buffer.alloc(500)]);

/**
 * A one-page PDF whose page draws `images` grey images of `side` × `side` pixels, each stored as
 * Flate-compressed zeros: a few hundred KB on disk that decode to side² bytes apiece (a
 * decompression bomb for anything that draws the page). The stream is compressed in pieces, so
 * making a 16000 × 16000 image never holds its 256 MB of pixels at once.
 */
export async function imageBombPdf(side = 16_000, images = 1): Promise<Buffer> {
  const zeros = await compressedZeros(side * side);
  const objects: Buffer[] = [];
  const add = (...parts: Array<string | Buffer>) => objects.push(Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : part))));
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  const names = Array.from({ length: images }, (_, n) => `/Im${n} ${5 + n} 0 R`).join(" ");
  add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 900] /Resources << /XObject << ${names} >> >> /Contents 4 0 R >>`);
  const draw = Array.from({ length: images }, (_, n) => `q 600 0 0 900 0 0 cm /Im${n} Do Q`).join(" ");
  add(`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
  for (let n = 0; n < images; n++) {
    add(`<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${zeros.length} >>\nstream\n`, zeros, "\nendstream");
  }
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    chunks.push(object);
    length += object.length;
  });
  const table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  chunks.push(Buffer.from(`${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}

/** `bytes` zero bytes, Flate-compressed as they are made one megabyte at a time. */
async function compressedZeros(bytes: number): Promise<Buffer> {
  const piece = Buffer.alloc(1 << 20);
  const zeros = Readable.from((function* () {
    for (let left = bytes; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
  })());
  const parts: Buffer[] = [];
  await pipeline(zeros, zlib.createDeflate({ level: 9 }), async (compressed: AsyncIterable<Buffer>) => {
    for await (const part of compressed) parts.push(part);
  });
  return Buffer.concat(parts);
}
