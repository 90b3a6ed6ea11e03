import { describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { saveBook } from "../support/shop-pages";
import { SHARED_PAGE_CACHE_CONTROL } from "../../server/cached-pages";

// Caching headers come from each route's declared policy: what one visitor sees is never kept for another.
const PRIVATE = "private, no-store";
const ADMIN_PAGES = ["/admin/audit-log", "/admin/security-events", "/admin/moderation", "/admin/subscribers", "/admin/shop", "/admin/podcast", "/admin/settings", "/fr/admin/moderation"];
const ADMIN_DOWNLOADS = ["/admin/audit-log.csv", "/admin/subscribers.csv", "/admin/podcast/listens.csv"];
const varies = (response: Response) => (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
const signedBookLink = (html: string) => /\/files\/book\/[0-9a-f-]+\.pdf\?exp=\d+&amp;sig=/.test(html);

describe.each(dialects)("caching headers from the route policies on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);

  it("keeps /account, /admin and every admin page and download private, for the admin and for the refused alike", async () => {
    const anonymous = new HttpSession(app.url, "10.81.0.1");
    const reader = await signIn("reader@example.org", "10.81.0.2");
    const owner = await adminInMode("10.81.0.3");
    const account = await reader.get("/account");
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toBe(PRIVATE);
    expect((await anonymous.get("/account")).headers.get("cache-control")).toBe(PRIVATE);
    for (const visitor of [anonymous, reader, owner]) {
      expect((await visitor.get("/admin")).headers.get("cache-control")).toBe(PRIVATE);
      for (const path of [...ADMIN_PAGES, ...ADMIN_DOWNLOADS]) {
        const response = await visitor.get(path);
        expect(response.headers.get("cache-control"), path).toBe(PRIVATE);
        await response.arrayBuffer();
      }
    }
    // The data requests of client-side navigation carry the same headers as the HTML.
    expect((await owner.get("/admin/moderation.data")).headers.get("cache-control")).toBe(PRIVATE);
    expect((await owner.get("/account.data")).headers.get("cache-control")).toBe(PRIVATE);
  });

  it("serves /shop and /podcast privately to the admin (the shop with its signed PDF link) and as before to anonymous visitors", async () => {
    const owner = await adminInMode("10.81.1.1");
    const saved = await saveBook(owner, "Voices of Resilience");
    expect(saved.status).toBe(200);
    const shop = await owner.get("/shop");
    expect(signedBookLink(await shop.text())).toBe(true);
    expect(shop.headers.get("cache-control")).toBe(PRIVATE);
    expect((await owner.get("/podcast")).headers.get("cache-control")).toBe(PRIVATE);
    expect((await owner.get("/shop.data")).headers.get("cache-control")).toBe(PRIVATE);
    for (const path of ["/shop", "/podcast", "/es/shop"]) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(200);
      // The anonymous page, kept briefly by the page cache and any CDN in front of it.
      expect(response.headers.get("cache-control"), path).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(signedBookLink(await response.text()), path).toBe(false);
    }
  });

  it("makes every page vary by Cookie, localized ones included, and leaves public files' caching as it was", async () => {
    for (const path of ["/", "/fr", "/fr/blog", "/es/podcast", "/pt/about", "/fr/sign-in", "/blog"]) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(200);
      expect(varies(response), path).toContain("cookie");
      expect(varies(response).filter((name) => name === "cookie"), `${path}: Cookie once`).toHaveLength(1);
    }
    expect(varies(await fetch(`${app.url}/fr/blog.data`))).toContain("cookie");
    const reader = await signIn("reader@example.org", "10.81.2.1");
    const feed = await reader.get("/blog/feed.xml");
    expect(feed.headers.get("cache-control")).toBe("public, max-age=900");
    const blog = await reader.get("/fr/blog");
    expect(blog.headers.get("cache-control")).toBe(PRIVATE);
  });
});
