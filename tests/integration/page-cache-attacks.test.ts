import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/adapters/auth/auth.server";
import { addPendingComment } from "~/modules/comments/comments.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { SAMPLE_ARTICLE } from "../support/routes";

const cacheState = (response: Response) => response.headers.get("x-page-cache");

/**
 * What an anonymous visitor can do to the page cache: nothing that empties it, and nothing that makes it
 * render or keep more than the pages there are.
 */
describe.each(dialects)("the page cache against anonymous visitors on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const get = (path: string) => fetch(app.url + path);
  const storedPages = () => app.services.pageCache!.size.pages;

  /** The pages readers read, stored: each answered from the cache. */
  async function readersPagesStored(): Promise<string[]> {
    const paths = ["/blog", `/blog/${SAMPLE_ARTICLE}`, "/about", "/shop"];
    for (const path of paths) await get(path);
    for (const path of paths) expect(cacheState(await get(path)), path).toBe("hit");
    return paths;
  }

  it("is emptied by no refused post, whatever session cookie it carries", async () => {
    const paths = await readersPagesStored();
    const forged = new HttpSession(app.url, "10.71.0.1");
    const forgedCookie = { cookie: `${SESSION_COOKIE}=forged.value` };
    const reader = await signIn("reader@example.org", "10.71.0.2");
    const ownerOutOfAdminMode = await signIn("owner@example.org", "10.71.0.3");
    const refused = await Promise.all([
      forged.request("/admin/settings", { method: "POST", headers: forgedCookie, body: new URLSearchParams({ section: "general" }) }),
      forged.request("/shop", { method: "POST", headers: forgedCookie, body: new URLSearchParams({ intent: "saveBook" }) }),
      forged.request("/about", { method: "POST", headers: forgedCookie, body: new URLSearchParams({ name: "" }) }),
      forged.request("/blog", { method: "POST", headers: forgedCookie, body: "x" }),
      reader.post("/admin/settings", { section: "general" }),
      reader.post("/admin/moderation", { intent: "approve-comment", id: "1" }),
      ownerOutOfAdminMode.post("/shop.data", { intent: "saveBook" }),
    ]);
    for (const answer of refused) expect(answer.status).toBeGreaterThanOrEqual(400);
    for (const path of paths) expect(cacheState(await get(path)), path).toBe("hit");
  });

  it("forgets, for the owner's successful change, only the pages it touches", async () => {
    const paths = await readersPagesStored();
    const owner = await adminInMode("10.71.1.1");
    // A form the policy lets through but that fails changes nothing either.
    expect((await owner.post("/admin/moderation", { intent: "approve-comment", id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    for (const path of paths) expect(cacheState(await get(path)), path).toBe("hit");
    const comment = await addPendingComment(app.services.db, "about", { name: "Ama", comment: "A fine page.", terms: "on" }, "en", new Date());
    expect((await owner.post("/admin/moderation", { intent: "approve-comment", id: comment })).status).toBe(200);
    const about = await get("/about");
    expect(cacheState(about)).toBe("miss");
    expect(await about.text()).toContain("A fine page.");
    for (const path of paths.filter((path) => path !== "/about")) expect(cacheState(await get(path)), path).toBe("hit");
  });

  it("answers every address of a page from its one entry, whatever else the query holds, and renders it without it", async () => {
    const marker = "zz-not-in-the-page";
    const first = await get(`/resources?${marker}=1&utm_source=x`);
    expect(cacheState(first)).toBe("miss");
    expect(await first.text()).not.toContain(marker);
    const article = `/blog/${SAMPLE_ARTICLE}`;
    const page = await (await get(article)).text();
    const before = storedPages();
    const flood = await Promise.all(Array.from({ length: 60 }, (_, index) => get(`${article}?u=${index}-${Math.random()}&page=${index}`)));
    for (const answer of flood) {
      expect(cacheState(answer)).toBe("hit");
      expect(await answer.text()).toBe(page);
    }
    expect(storedPages()).toBe(before);
    // A value the page does not know shows its default page: the same entry, whatever it is.
    await get("/podcast");
    for (const view of ["1", "grid", "x".repeat(50)]) expect(cacheState(await get(`/podcast?view=${view}`)), view).toBe("hit");
    expect(cacheState(await get("/podcast?view=list"))).toBe("miss");
  });

  it("answers a visitor with a made-up session cookie from the cache, as anyone else", async () => {
    const article = `/blog/${SAMPLE_ARTICLE}`;
    const page = await (await get(article)).text();
    const forged = await Promise.all(
      Array.from({ length: 20 }, (_, index) => fetch(app.url + article, { headers: { cookie: `${SESSION_COOKIE}=forged-${index}.c2lnbmF0dXJl` } })),
    );
    for (const answer of forged) {
      expect(cacheState(answer)).toBe("hit");
      expect(await answer.text()).toBe(page);
    }
    // The owner's own cookie, signed by the server, is a session: never a stored page.
    const owner = await signIn("owner@example.org", "10.71.2.1");
    expect(cacheState(await owner.get(article))).toBeNull();
    // Kept after signing out, the same cookie names no session any more: once the server has checked it again
    // (at most a minute later), its visitor is anyone.
    const kept = owner.cookieHeader();
    expect((await owner.post("/sign-out", {})).status).toBeLessThan(400);
    app.clock.advance(61_000);
    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(cacheState(await fetch(app.url + article, { headers: { cookie: kept } })));
    // The article's stored copy aged out with the minute: rendered again once, then stored.
    expect(answers).toEqual(["miss", "hit", "hit", "hit", "hit"]);
  });

  it("answers a page past the last one, an unknown category or tag, or a page that is no number with a 404 it does not keep", async () => {
    const before = storedPages();
    for (const path of ["/blog?page=99999", "/blog?category=unknown", "/blog?tag=nope", "/blog?page=abc", "/fr/blog?page=0", "/blog?q=trade&page=50"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(cacheState(answer), path).toBe("bypass");
    }
    expect(storedPages()).toBe(before);
    expect((await get("/blog?page=2")).status).toBe(200);
    expect((await get("/blog?q=no-such-words-anywhere")).status).toBe(200);
  });
});
