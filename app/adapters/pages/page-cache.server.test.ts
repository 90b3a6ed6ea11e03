import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PageChange } from "~/lib/page-cache-rules";
import { chooseEncoding, inlineScriptHashes, isCachedPage, PageCache, type FillRule, type RenderedPage } from "./page-cache.server";

const html = (text: string): RenderedPage => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  body: Buffer.from(`<!doctype html><p>${text}</p><script nonce="abc">window.x = 1;</script>`),
  shareable: true,
});

/** A page read by the given changes, filed under its path alone. */
const rule = (pathname: string, ...changedBy: PageChange[]): FillRule => ({ pathname, query: [], changedBy });

const cache = (maxBytes = 1_000_000, now = () => 0) => new PageCache({ maxBytes, maxAgeMs: 60_000, now });

describe("PageCache", () => {
  it("stores a shareable page compressed both ways, without nonces, with an ETag and its scripts' hashes", async () => {
    const pages = cache();
    const page = await pages.fill("/blog", rule("/blog", "articles"), async () => html("blog"));
    if (!isCachedPage(page)) throw new Error("not stored");
    const text = page.bodies.identity.toString();
    expect(text).not.toContain("nonce");
    expect(gunzipSync(page.bodies.gzip).toString()).toBe(text);
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(text);
    expect(page.etag).toMatch(/^"[\w-]+"$/);
    const scriptHash = createHash("sha256").update("window.x = 1;").digest("base64");
    expect(page.scriptSources).toEqual([`'sha256-${scriptHash}'`]);
    expect(pages.get("/blog")).toBe(page);
  });

  it("renders once for a burst of misses on one page", async () => {
    const pages = cache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return html("once");
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => pages.fill("/", rule("/"), render)));
    expect(renders).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it("never shares a page that sets a cookie or is not a 200: each visitor gets their own render", async () => {
    const pages = cache();
    let renders = 0;
    const personal = async (): Promise<RenderedPage> => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return { ...html(`visitor ${renders}`), shareable: false };
    };
    const answers = await Promise.all([pages.fill("/a", rule("/a"), personal), pages.fill("/a", rule("/a"), personal)]);
    expect(renders).toBe(2);
    expect(answers.map((answer) => (answer as RenderedPage).body.toString())).toEqual([expect.stringContaining("visitor 1"), expect.stringContaining("visitor 2")]);
    expect(pages.get("/a")).toBeUndefined();
    await pages.fill("/missing", rule("/missing"), async () => ({ ...html("gone"), status: 404 }));
    expect(pages.get("/missing")).toBeUndefined();
  });

  it("forgets the pages the changes touch only, or everything", async () => {
    const pages = cache();
    await pages.fill("/blog", rule("/blog", "articles"), async () => html("blog"));
    await pages.fill("/podcast", rule("/podcast", "episodes"), async () => html("podcast"));
    pages.invalidate(["episodes"]);
    expect(pages.get("/podcast")).toBeUndefined();
    expect(pages.get("/blog")).toBeDefined();
    pages.invalidate();
    expect(pages.size).toEqual({ pages: 0, bytes: 0 });
  });

  it("does not store a render that an invalidation overtook, and does not make later visitors wait for it", async () => {
    const pages = cache();
    let release = () => {};
    const slow = pages.fill("/blog", rule("/blog", "articles"), () => new Promise((resolve) => (release = () => resolve(html("before the change")))));
    pages.invalidate(["articles"]);
    const after = await pages.fill("/blog", rule("/blog", "articles"), async () => html("after the change"));
    release();
    await slow;
    expect(isCachedPage(after) && after.bodies.identity.toString()).toContain("after the change");
    const stored = pages.get("/blog");
    expect(stored?.bodies.identity.toString()).toContain("after the change");
  });

  it("keeps its bytes under the limit by dropping the least recently used page", async () => {
    const first = await cache().fill("/x", rule("/x"), async () => html("x"));
    const perPage = isCachedPage(first) ? first.bodies.identity.length + first.bodies.gzip.length + first.bodies.br.length : 0;
    const pages = cache(perPage * 2 + 10);
    await pages.fill("/a", rule("/a"), async () => html("x"));
    await pages.fill("/b", rule("/b"), async () => html("x"));
    pages.get("/a");
    await pages.fill("/c", rule("/c"), async () => html("x"));
    expect(pages.get("/b")).toBeUndefined();
    expect(pages.get("/a")).toBeDefined();
    expect(pages.get("/c")).toBeDefined();
    expect(pages.size.bytes).toBeLessThanOrEqual(perPage * 2 + 10);
  });

  it("renders again a page older than its longest age", async () => {
    let clock = 0;
    const pages = cache(1_000_000, () => clock);
    await pages.fill("/", rule("/"), async () => html("old"));
    clock = 60_001;
    expect(pages.get("/")).toBeUndefined();
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only, not files or JSON-LD data", () => {
    const hashes = inlineScriptHashes('<script src="/a.js"></script><script type="application/ld+json">{}</script><script type="module">import "x";</script><script>a()</script><script>a()</script>');
    expect(hashes).toHaveLength(2);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });
});
