import { createPdfCoverRenderer } from "~/adapters/documents/pdf-cover.server";
import { simplePdf } from "../tests/support/pdf";

/**
 * `npm run bench` (last part): the time to draw an e-book's cover from a 50-page PDF, as the shop
 * does on upload (a worker thread starts, pdf.js opens the document and draws page 1; sharp makes the
 * WebP). Every run starts a fresh worker, so each includes loading pdf.js; the first also warms the
 * disk cache. The median of the next ten is the steady state. Numbers, not thresholds.
 */
const PAGES = 50;
const RUNS = 10;

const pdf = new Uint8Array(simplePdf(PAGES));
const covers = createPdfCoverRenderer();
const time = async () => {
  const started = performance.now();
  const drawn = await covers.render(pdf);
  if ("problem" in drawn) throw new Error(`the cover could not be drawn (${drawn.problem})`);
  return { ms: performance.now() - started, bytes: drawn.cover.length };
};

const first = await time();
const runs = [];
for (let run = 0; run < RUNS; run++) runs.push(await time());
const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
console.log(`\nE-book cover from page 1 of a ${PAGES}-page PDF (${(pdf.length / 1024).toFixed(0)} KB), ${RUNS} runs after a first one:`);
console.table([
  {
    "first run ms": Math.round(first.ms),
    "median ms": Math.round(sorted[Math.floor(RUNS / 2)]!),
    "slowest ms": Math.round(sorted[RUNS - 1]!),
    "cover KB (WebP)": (first.bytes / 1024).toFixed(1),
  },
]);
