// The thread that draws a PDF's first page for app/adapters/documents/pdf-cover.server.ts.
// Plain JavaScript on purpose: a worker thread starts from a file Node can run as it is, under
// `npm run dev` (tsx), in the tests and in the compiled server (scripts/build-server.ts copies it beside it) alike.
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
/** pdf.js's warning when `maxImageSize` made it leave an image out of the page. */
const IMAGE_REMOVED = "Image exceeded maximum allowed size";

/** @type {{ pdf: Uint8Array, limits: { maxImagePixels: number, renderWidth: number, maxRenderHeight: number } }} */
const { pdf, limits } = workerData;

// pdf.js reports a skipped image only as a console warning; seeing one means the page holds an image
// over the pixel limit, and the PDF is refused rather than given a cover with a hole in it. Its other
// warnings (damaged fonts and the like) are dropped here, as `verbosity: 0` did before.
let imageTooLarge = false;
globalThis.console.warn = (...args) => {
  if (String(args[0]).includes(IMAGE_REMOVED)) imageTooLarge = true;
};

/** Draws page 1 at `renderWidth` px wide (at most `maxRenderHeight` px high) and returns it as PNG. */
async function drawFirstPage() {
  const { getDocument, VerbosityLevel } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: pdf,
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
    useSystemFonts: false,
    maxImageSize: limits.maxImagePixels,
    canvasMaxAreaInBytes: limits.renderWidth * limits.maxRenderHeight * 4,
    isOffscreenCanvasSupported: false,
    enableXfa: false,
    verbosity: VerbosityLevel.WARNINGS,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const scale = Math.min(limits.renderWidth / unscaled.width, limits.maxRenderHeight / unscaled.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    const { canvas, context } = document.canvasFactory.create(width, height);
    await page.render({ canvasContext: context, viewport, canvas }).promise;
    if (imageTooLarge) return { problem: "tooHeavy" };
    return { png: canvas.toBuffer("image/png") };
  } finally {
    await task.destroy();
  }
}

try {
  const result = await drawFirstPage();
  parentPort.postMessage(result);
} catch {
  parentPort.postMessage({ problem: imageTooLarge ? "tooHeavy" : "unreadable" });
}
