import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { people } from "../support/people";
import { saveBook } from "../support/shop-pages";
import { SAMPLE_ARTICLE, SAMPLE_EPISODE } from "../support/routes";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const cacheState = (response: Response) => response.headers.get("x-page-cache");

/** The SHA-256 CSP source of every inline script of a page. */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=|application\/(ld\+)?json/.test(attributes ?? ""))
    .map(([, , body]) => `'sha256-${createHash("sha256").update(body ?? "", "utf8").digest("base64")}'`);
}

describe.each(dialects)("the anonymous page cache on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { headers });

  it("renders a public page once, then serves it from memory with an ETag, a shared Cache-Control and brotli", async () => {
    const first = await get("/blog?utm_source=newsletter");
    const firstHtml = await first.text();
    expect(cacheState(first)).toBe("miss");
    const second = await get("/blog", { "accept-encoding": "br" });
    expect(cacheState(second)).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("br");
    // fetch undoes the brotli itself: the bytes decode to the page first rendered.
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(second.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get("/blog", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    // The query that changes the page is part of the key; a tracking parameter is not.
    expect(cacheState(await get("/blog?page=2"))).toBe("miss");
    expect(cacheState(await get(`/fr/blog/${SAMPLE_ARTICLE}`))).toBe("miss");
    expect(cacheState(await get(`/fr/blog/${SAMPLE_ARTICLE}`))).toBe("hit");
  });

  it("sends a stored page with its scripts' hashes in the CSP, never a nonce that another visitor would share", async () => {
    await get("/about");
    const hit = await get("/about");
    const html = await hit.text();
    expect(cacheState(hit)).toBe("hit");
    expect(html).not.toMatch(/<script[^>]*\snonce=/);
    const csp = hit.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
    expect(scriptSrc).not.toContainEqual(expect.stringContaining("nonce-"));
    expect(scriptSrc).toContain("'strict-dynamic'");
    const needed = inlineScriptSources(html);
    expect(needed.length).toBeGreaterThan(0);
    for (const source of needed) expect(scriptSrc).toContain(source);
    expect(csp).toContain("object-src 'none'");
  });

  it("answers a stored page with every header the application sends with it, HTTPS behind the proxy included", async () => {
    const headersOf = (response: Response) =>
      [...response.headers].filter(([name]) => !["date", "x-page-cache", "connection", "keep-alive"].includes(name)).sort();
    const behindProxy = { "x-forwarded-proto": "https", "accept-encoding": "gzip" };
    const miss = await get("/podcast", behindProxy);
    expect(cacheState(miss)).toBe("miss");
    const hit = await get("/podcast", behindProxy);
    expect(cacheState(hit)).toBe("hit");
    expect(headersOf(hit)).toEqual(headersOf(miss));
    expect(hit.headers.get("strict-transport-security")).toContain("max-age=");
    expect(hit.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(hit.headers.get("x-frame-options")).toBe("DENY");
    expect(hit.headers.get("vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
    const plain = await get("/podcast");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("still sends a reader who prefers another language to that language's page when the English one is stored", async () => {
    await get("/shop");
    expect(cacheState(await get("/shop"))).toBe("hit");
    for (const headers of [{ "accept-language": "fr-FR,fr;q=0.9" }, { cookie: "lang=pt" }] as Record<string, string>[]) {
      const answer = await fetch(app.url + "/shop", { headers, redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toMatch(/^\/(fr|pt)\/shop$/);
    }
  });

  it("renders a page once for a burst of misses", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/updates")));
    const states = answers.map(cacheState);
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.filter((state) => state === "hit")).toHaveLength(19);
    expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
  });

  it("never answers a signed-in reader or the admin from it, and never stores their pages", async () => {
    const reader = await signIn("reader@example.org", "10.82.0.1");
    const owner = await adminInMode("10.82.0.2");
    // Taken after their sign-ins: the owner's verification of admin mode is a signed-in post, which forgets every page.
    const anonymousBefore = await (await get("/shop")).text();
    const readerPage = await reader.get("/podcast");
    expect(cacheState(readerPage)).toBeNull();
    expect(readerPage.headers.get("cache-control")).toBe("private, no-store");
    const ownerShop = await owner.get("/shop");
    expect(cacheState(ownerShop)).toBeNull();
    expect(ownerShop.headers.get("cache-control")).toBe("private, no-store");
    // The admin's page was not stored in place of the anonymous one.
    const anonymous = await get("/shop");
    expect(cacheState(anonymous)).toBe("hit");
    expect(await anonymous.text()).toBe(anonymousBefore);
  });

  it("keeps a page that shows a reader's address to that reader alone", async () => {
    const page = await get("/subscribe?email=ada%40example.org");
    expect(cacheState(page)).toBe("bypass");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(cacheState(await get("/subscribe?email=ada%40example.org"))).toBe("bypass");
  });

  it("forgets the pages the admin's change touches, and shows the change at once", async () => {
    await get("/shop");
    expect(cacheState(await get("/shop"))).toBe("hit");
    await get("/blog");
    await get("/cart");
    const owner = await adminInMode("10.82.1.1");
    const saved = await saveBook(owner, "Cached No More", { isPublished: "on" });
    expect(saved.status).toBe(200);
    const shop = await get("/shop");
    expect(cacheState(shop)).toBe("miss");
    const html = await shop.text();
    expect(html).toContain("Cached No More");
    // Only the admin's page carries the signed link to the PDF.
    expect(/\/files\/book\/[0-9a-f-]+\.pdf\?exp=/.test(html)).toBe(false);
    // The cart lists the shop's products; the blog shows none of them.
    expect(cacheState(await get("/cart"))).toBe("miss");
    expect(cacheState(await get("/blog"))).toBe("hit");
  });

  it("forgets no page when a listen is counted: the counts on the episode pages wait for the page's minute", async () => {
    const path = `/podcast/${SAMPLE_EPISODE}`;
    await get(path);
    const episode = (await episodeBySlug(app.services.db, SAMPLE_EPISODE, "en"))!;
    // Anyone can fetch the audio: were a listen to forget pages, anyone could empty the podcast pages' cache.
    const audio = await fetch(new URL(episode.audioUrl, app.url), { headers: { "user-agent": BROWSER, "x-forwarded-for": "10.82.2.1" } });
    expect(cacheState(audio)).toBeNull();
    await audio.arrayBuffer();
    expect((await episodeBySlug(app.services.db, SAMPLE_EPISODE, "en"))!.listens).toBe(episode.listens + 1);
    expect(cacheState(await get(path))).toBe("hit");
  });

  it("renders again a page older than a minute", async () => {
    await get("/resources");
    expect(cacheState(await get("/resources"))).toBe("hit");
    app.clock.advance(61_000);
    expect(cacheState(await get("/resources"))).toBe("miss");
  });

  it("streams files past it: audio keeps its Range answer", async () => {
    const episode = (await episodeBySlug(app.services.db, SAMPLE_EPISODE, "en"))!;
    const range = await fetch(new URL(episode.audioUrl, app.url), { headers: { range: "bytes=0-9" } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
    expect(cacheState(range)).toBeNull();
  });

  it("passes a page that is not a 200 to its visitor only", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const missing = await get("/blog/no-such-article");
      expect(missing.status).toBe(404);
      expect(cacheState(missing)).toBe("bypass");
    }
  });
});
