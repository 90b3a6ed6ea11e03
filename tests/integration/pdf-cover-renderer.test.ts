import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPdfCoverRenderer, PDF_COVER_LIMITS } from "~/adapters/documents/pdf-cover.server";
import { imageBombPdf, simplePdf } from "../support/pdf";

// The cover renderer on its own: a cover for a normal PDF, `unreadable` for bytes that are not one,
// `tooHeavy` for an oversized image and for a drawing stopped by its time limit; it never throws.

describe("the PDF cover renderer", () => {
  const covers = createPdfCoverRenderer();

  it("draws a WebP cover of at most 800 px from a normal PDF", async () => {
    const drawn = await covers.render(new Uint8Array(simplePdf(3)));
    expect("cover" in drawn).toBe(true);
    if (!("cover" in drawn)) return;
    const { format, width = 0, height = 0 } = await sharp(drawn.cover).metadata();
    expect(format).toBe("webp");
    expect(Math.max(width, height)).toBe(800);
  });

  it("answers unreadable for bytes that are not a PDF, and tooHeavy for a 16000 × 16000 image", async () => {
    expect(await covers.render(new TextEncoder().encode("%PDF-1.4 nothing else"))).toEqual({ problem: "unreadable" });
    expect(await covers.render(new Uint8Array(await imageBombPdf(16_000)))).toEqual({ problem: "tooHeavy" });
  });

  it("ends a drawing that overruns its time limit (here none at all) and draws the next one", async () => {
    const impatient = createPdfCoverRenderer({ ...PDF_COVER_LIMITS, timeoutMs: 0 });
    expect(await impatient.render(new Uint8Array(simplePdf(1)))).toEqual({ problem: "tooHeavy" });
    expect("cover" in (await covers.render(new Uint8Array(simplePdf(1))))).toBe(true);
  });
});
