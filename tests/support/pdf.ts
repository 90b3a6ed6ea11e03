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
