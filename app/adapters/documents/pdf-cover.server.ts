import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

/**
 * The first page of a PDF as a cover image (issue 7): drawn by pdf.js on a Skia canvas
 * (@napi-rs/canvas), then re-encoded by sharp as WebP at most 800 px on its longer side, with no
 * metadata. pdf.js runs without eval and without the system's fonts; its standard fonts come from
 * the package (`standardFontDataUrl`). Returns null for a PDF pdf.js cannot read or draw.
 */
const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
/** Drawn at 2× a typical page's 600 pt width, then scaled down: sharp text at the cover's size. */
const RENDER_WIDTH = 1200;
const COVER_SIZE = 800;
/** A page drawn larger than this is refused (a decompression bomb in disguise). */
const MAX_PIXELS = 40_000_000;

type CanvasFactory = { create(width: number, height: number): { canvas: { toBuffer(type: "image/png"): Buffer }; context: unknown } };

export async function renderPdfCover(pdf: Uint8Array): Promise<Buffer | null> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js takes the bytes it is given (their buffer is detached): it gets a copy, at most 10 MB.
  const task = getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: RENDER_WIDTH / unscaled.width });
    const [width, height] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
    if (width * height > MAX_PIXELS) return null;
    const { canvas, context } = (document.canvasFactory as CanvasFactory).create(width, height);
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    return await sharp(canvas.toBuffer("image/png"), { limitInputPixels: MAX_PIXELS })
      .resize(COVER_SIZE, COVER_SIZE, { fit: "inside" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
