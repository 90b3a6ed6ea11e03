import { memoryUsage } from "node:process";
import { Worker } from "node:worker_threads";
import { loadSharp } from "~/adapters/images/sharp.server";

/**
 * The first page of a PDF as a cover image: drawn by pdf.js on a Skia canvas (@napi-rs/canvas) in a
 * worker thread (pdf-cover.worker.mjs beside this file, so pdf.js and the canvas load only there and only when
 * a cover is drawn, never in the server's own thread), then re-encoded here by sharp as WebP at
 * most 800 px on its longer side, with no metadata
 * (docs/decisions/041-bounded-cover-worker-health-probe-upload-leftovers.md).
 *
 * A PDF is untrusted input and a few hundred KB can decode to gigabytes, so the drawing is bounded:
 * pdf.js leaves out (and the worker then refuses) any image over `maxImagePixels`, the page is drawn
 * no larger than `renderWidth` × `maxRenderHeight`, the thread's JavaScript heap is capped, and a
 * drawing that takes longer than `timeoutMs` or grows the process by more than `memoryMb` is stopped.
 * The main thread keeps answering requests meanwhile, and covers are drawn one at a time.
 */
export const PDF_COVER_LIMITS = {
  /** The largest image a page may hold, in pixels (the same bound sharp applies to uploaded images). */
  maxImagePixels: 40_000_000,
  /** Drawn at 2× a typical page's 600 pt width, then scaled down: sharp text at the cover's size. */
  renderWidth: 1200,
  maxRenderHeight: 2400,
  /** The worker thread's JavaScript heap (pixel buffers live outside it; `memoryMb` bounds those). */
  heapMb: 256,
  /** How much the process may grow while one cover is drawn before the drawing is stopped. */
  memoryMb: 512,
  timeoutMs: 20_000,
};
export type PdfCoverLimits = typeof PDF_COVER_LIMITS;

const COVER_SIZE = 800;
const WORKER_FILE = new URL("./pdf-cover.worker.mjs", import.meta.url);
/** How often the process's memory is looked at while a cover is drawn. */
const MEMORY_CHECK_MS = 25;

/** A cover, or why there is none: a PDF pdf.js cannot read, or one too heavy to draw within the limits. */
export type PdfCover = { cover: Buffer } | { problem: "unreadable" | "tooHeavy" };

export interface PdfCoverRenderer {
  render(pdf: Uint8Array): Promise<PdfCover>;
}

type WorkerAnswer = { png: Uint8Array } | { problem: "unreadable" | "tooHeavy" };

export function createPdfCoverRenderer(limits: PdfCoverLimits = PDF_COVER_LIMITS): PdfCoverRenderer {
  // One drawing at a time: two bombs sent together must not each get the whole memory allowance.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    render(pdf) {
      const next = queue.then(() => renderOnce(pdf, limits));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

async function renderOnce(pdf: Uint8Array, limits: PdfCoverLimits): Promise<PdfCover> {
  const answer = await drawInWorker(pdf, limits);
  if ("problem" in answer) return answer;
  try {
    const sharp = await loadSharp();
    const cover = await sharp(answer.png, { limitInputPixels: limits.renderWidth * limits.maxRenderHeight })
      .resize(COVER_SIZE, COVER_SIZE, { fit: "inside" })
      .webp({ quality: 82 })
      .toBuffer();
    return { cover };
  } catch {
    return { problem: "unreadable" };
  }
}

/** Runs the worker on a copy of the bytes; ends it when it overruns its time or memory. Never throws. */
function drawInWorker(pdf: Uint8Array, limits: PdfCoverLimits): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const { renderWidth, maxRenderHeight, maxImagePixels } = limits;
    const worker = new Worker(WORKER_FILE, {
      workerData: { pdf: new Uint8Array(pdf), limits: { renderWidth, maxRenderHeight, maxImagePixels } },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    const memoryCeiling = memoryUsage.rss() + limits.memoryMb * 1024 * 1024;
    let settled = false;
    const finish = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      worker.terminate().catch(() => undefined);
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ problem: "tooHeavy" }), limits.timeoutMs);
    const watch = setInterval(() => {
      if (memoryUsage.rss() > memoryCeiling) finish({ problem: "tooHeavy" });
    }, MEMORY_CHECK_MS);
    worker.once("message", (answer: WorkerAnswer) => finish(answer));
    // ERR_WORKER_OUT_OF_MEMORY when the heap cap is reached; anything else is a PDF pdf.js could not take.
    worker.once("error", (error: Error & { code?: string }) => finish({ problem: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "tooHeavy" : "unreadable" }));
    worker.once("exit", () => finish({ problem: "unreadable" }));
  });
}
