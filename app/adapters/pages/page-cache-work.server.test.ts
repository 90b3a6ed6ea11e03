import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FillTurns } from "./page-cache-work.server";
import { isCachedPage, PageCache, PageCacheBusy, type FillRule, type RenderedPage } from "./page-cache.server";

const rule = (pathname: string): FillRule => ({ pathname, query: [], changedBy: ["articles"] });
const article = (text: string): RenderedPage => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  body: Buffer.from(`<!doctype html>${`<p>${text} — a paragraph of an article, long enough to compress.</p>`.repeat(400)}`),
  shareable: true,
});

/** A render that ends only when the test says so. */
function heldRender(text: string) {
  let release = () => {};
  const started = { count: 0 };
  const render = () => {
    started.count++;
    return new Promise<RenderedPage>((resolve) => (release = () => resolve(article(text))));
  };
  return { render, started, release: () => release() };
}

describe("the page cache's new pages", () => {
  it("renders at most two new pages at a time; the others wait their turn, and past the waiting line are refused", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, maxAgeMs: 60_000, fills: { max: 2, maxWaiting: 3, burstMs: Infinity } });
    const held = Array.from({ length: 5 }, (_, index) => heldRender(`page ${index}`));
    const fills = held.map(({ render }, index) => pages.fill(`/p${index}`, rule(`/p${index}`), render));
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.map(({ started }) => started.count)).toEqual([1, 1, 0, 0, 0]);
    await expect(pages.fill("/p5", rule("/p5"), async () => article("refused"))).rejects.toBeInstanceOf(PageCacheBusy);
    held[0]!.release();
    await fills[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.map(({ started }) => started.count)).toEqual([1, 1, 1, 0, 0]);
    // Each page that ends hands its turn to the next in line.
    for (let index = 1; index < held.length; index++) {
      await new Promise((resolve) => setImmediate(resolve));
      held[index]!.release();
      expect(isCachedPage(await fills[index]!)).toBe(true);
    }
  });

  it("renders a page readers had a moment ago before the new addresses waiting, even when their line is full", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, maxAgeMs: 60_000, fills: { max: 1, maxWaiting: 1, burstMs: Infinity } });
    await pages.fill("/known", rule("/known"), async () => article("known"));
    pages.invalidate(["articles"]);
    const running = heldRender("running");
    const waiting = heldRender("waiting");
    const fills = [pages.fill("/new-1", rule("/new-1"), running.render), pages.fill("/new-2", rule("/new-2"), waiting.render)];
    await expect(pages.fill("/new-3", rule("/new-3"), async () => article("refused"))).rejects.toBeInstanceOf(PageCacheBusy);
    const known = heldRender("known again");
    const again = pages.fill("/known", rule("/known"), known.render);
    running.release();
    await fills[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect([known.started.count, waiting.started.count]).toEqual([1, 0]);
    known.release();
    expect(isCachedPage(await again)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    waiting.release();
    await fills[1];
  });

  it("answers the visitors who waited for a render an invalidation overtook, without storing it", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, maxAgeMs: 60_000 });
    const held = heldRender("before the change");
    const first = pages.fill("/blog", rule("/blog"), held.render);
    const waiting = pages.fill("/blog", rule("/blog"), async () => article("rendered again"));
    await new Promise((resolve) => setImmediate(resolve));
    pages.invalidate(["articles"]);
    held.release();
    const [mine, theirs] = await Promise.all([first, waiting]);
    expect(held.started.count).toBe(1);
    expect(theirs).toBe(mine);
    expect(isCachedPage(theirs) && theirs.bodies.identity.toString()).toContain("before the change");
    expect(pages.get("/blog")).toBeUndefined();
  });
});

describe("the new pages' share of the time", () => {
  afterEach(() => vi.useRealTimers());

  it("holds the next render back until the time the last one took is paid back at the share", async () => {
    vi.useFakeTimers();
    const turns = new FillTurns({ max: 2, maxWaiting: 10, share: 0.5, burstMs: 20, now: () => Date.now() });
    let release = () => {};
    const long = turns.take(() => new Promise<void>((resolve) => (release = resolve)));
    await vi.advanceTimersByTimeAsync(100);
    release();
    await long;
    // 20 ms of credit, 100 spent: 80 owed, paid back in 160 ms at half the time.
    let started = false;
    const next = turns.take(async () => void (started = true));
    await vi.advanceTimersByTimeAsync(150);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toBe(true);
    await next;
  });

  it("lets short renders through at once while there is credit", async () => {
    vi.useFakeTimers();
    const turns = new FillTurns({ max: 2, maxWaiting: 10, share: 0.5, burstMs: 250, now: () => Date.now() });
    let done = 0;
    await Promise.all(Array.from({ length: 6 }, () => turns.take(async () => void done++)));
    expect(done).toBe(6);
  });
});

describe("the page cache's compression", () => {
  it("stores a new page quickly compressed, and compresses it at the best level once it is read again", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, maxAgeMs: 60_000 });
    const stored = await pages.fill("/a", rule("/a"), async () => article("a"));
    if (!isCachedPage(stored)) throw new Error("not stored");
    expect(stored.effort).toBe("quick");
    const best = brotliCompressSync(stored.bodies.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
    expect(stored.bodies.br.length).toBeGreaterThan(best.length);
    await pages.recompressed();
    expect(pages.get("/a")?.effort).toBe("quick");
    await pages.recompressed();
    const upgraded = pages.get("/a")!;
    expect(upgraded.effort).toBe("best");
    expect(upgraded.bodies.br.length).toBe(best.length);
    expect(brotliDecompressSync(upgraded.bodies.br).equals(stored.bodies.identity)).toBe(true);
    expect(gunzipSync(upgraded.bodies.gzip).equals(stored.bodies.identity)).toBe(true);
    expect(upgraded.etag).toBe(stored.etag);
    expect(pages.size.bytes).toBe(upgraded.bodies.identity.length + upgraded.bodies.gzip.length + upgraded.bodies.br.length);
  });

  it("never brings back a page forgotten while it waited for its recompression", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, maxAgeMs: 60_000 });
    await pages.fill("/a", rule("/a"), async () => article("old"));
    pages.get("/a");
    pages.invalidate();
    await pages.recompressed();
    expect(pages.get("/a")).toBeUndefined();
    expect(pages.size).toEqual({ pages: 0, bytes: 0 });
  });
});
