import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { readBook } from "~/modules/shop/book.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { people } from "../support/people";
import { imageBombPdf, simplePdf } from "../support/pdf";
import { uploadFile } from "../support/tus";

// PDFs that decode to gigabytes: the e-book's cover is drawn in a bounded worker thread, so such a PDF
// is refused with a translated message, the process's memory stays bounded, and the site keeps answering
// while a cover is being drawn.

const MB = 1024 * 1024;
const fields = (uploadId: string) => ({ intent: "saveBook", bookTitle: "Bomb", authorName: "A. Mensah", bookDescription: "", uploadId });

describe.each(dialects)("e-book covers from heavy PDFs on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const staged = () => {
    const folder = path.join(app.services.config.dataDir, "uploads");
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  /** Samples the process's memory (the server runs in this process) until `work` settles; returns the peak. */
  async function peakMemoryDuring(work: Promise<unknown>): Promise<number> {
    let peak = process.memoryUsage.rss();
    let settled = false;
    void work.finally(() => (settled = true));
    while (!settled) {
      peak = Math.max(peak, process.memoryUsage.rss());
      // How often memory is read, not a wait for anything.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return peak;
  }

  it(`on ${dialect}: refuses a 250 KB PDF holding one 16000 × 16000 image with the translated message, keeping memory bounded and no file`, async () => {
    const owner = await adminInMode("10.72.0.1");
    const bomb = await imageBombPdf(16_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const before = process.memoryUsage.rss();
    const uploadId = await uploadFile(owner, bomb, "bomb.pdf", "book");
    const saving = owner.post("/shop.data", fields(uploadId));
    const peak = await peakMemoryDuring(saving);
    const answer = await saving;
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain("tooHeavy");
    // Drawing it in full took 2.6 GB more; refused before decoding, it takes a worker's start-up.
    expect(peak - before).toBeLessThan(400 * MB);
    expect(await readBook(app.services.db)).toBeNull();
    expect(staged().filter((name) => name.startsWith(uploadId))).toEqual([]);
  });

  it(`on ${dialect}: stops a page of ten 40-megapixel images at its memory allowance while /healthz keeps answering, then still draws a normal cover`, async () => {
    const owner = await adminInMode("10.72.1.1");
    const bomb = await imageBombPdf(6_300, 10);
    const uploadId = await uploadFile(owner, bomb, "heavy.pdf", "book");
    const before = process.memoryUsage.rss();
    let saveAnswered = false;
    const saving = owner.post("/shop.data", fields(uploadId)).finally(() => (saveAnswered = true));
    const peak = peakMemoryDuring(saving);

    // The drawing is under way once the process has grown by its first decoded images.
    while (!saveAnswered && process.memoryUsage.rss() - before < 150 * MB) await nextTurn();
    expect(saveAnswered).toBe(false);
    const health = await fetch(new URL("/healthz", app.url));
    expect(health.status).toBe(200);
    const page = await fetch(new URL("/about", app.url));
    expect(page.status).toBe(200);
    // Both answered while the cover was still being drawn.
    expect(saveAnswered).toBe(false);

    const answer = await saving;
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain("tooHeavy");
    expect((await peak) - before).toBeLessThan(1024 * MB);
    expect(staged().filter((name) => name.startsWith(uploadId))).toEqual([]);

    const normal = await owner.post("/shop.data", fields(await uploadFile(owner, simplePdf(2), "book.pdf", "book")));
    expect(normal.status).toBe(200);
    expect((await readBook(app.services.db))?.coverKey).toMatch(/^book\/covers\/.+\.webp$/);
  });
});
