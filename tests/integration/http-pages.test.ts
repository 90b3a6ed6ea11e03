import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { locales } from "~/i18n/locales";
import { startTestApp, type TestApp } from "../support/app-server";
import { NOT_OPENED, PAGE_ROUTES, PUBLIC_TABLE_PAGES, routeIdOf } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(app.url + path, { headers, redirect: "manual" });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

describe("every route in every language", () => {
  it("opens every public page of the route table: one with a pages:<key>.heading by itself, any other by its line in tests/support/routes.ts", () => {
    const opened = new Set(PAGE_ROUTES.map(({ path }) => routeIdOf(path)));
    expect(PUBLIC_TABLE_PAGES.length).toBeGreaterThan(10);
    expect(PUBLIC_TABLE_PAGES.filter((route) => !opened.has(route.id) && !Object.hasOwn(NOT_OPENED, route.id)).map((route) => route.id)).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it.each(PAGE_ROUTES)(`${language} $path answers with its title inside the shell`, async ({ path, heading, status }) => {
      const response = await get(localizePath(path, language));
      expect(response.status).toBe(status ?? 200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(heading(language)))}</h1>`));
      expect(html).toContain('<header class="sticky');
      expect(html).toContain("<footer");
    });
  }
});

describe("not found", () => {
  it.each(["/no-such-page", "/blog/a/b/c", "/xx/blog", "/fr/no-such-page"])("%s is a translated 404", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    const language = path.startsWith("/fr/") ? "fr" : "en";
    expect(html).toContain(escapeHtml(locales[language].errors.notFound.title));
    expect(html).toContain('name="robots" content="noindex"');
  });
});

describe("languages", () => {
  it("renders French on the server under /fr", async () => {
    const html = await (await get("/fr/blog")).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(escapeHtml(locales.fr.pages.blog.description));
    expect(html).toContain(escapeHtml(locales.fr.footer.newsletter.title));
  });

  it("sends a reader whose cookie says French from /blog to /fr/blog, with a French page on the way", async () => {
    const response = await get("/blog?page=2", { cookie: "lang=fr" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr/blog?page=2");
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    expect(await response.text()).toContain(escapeHtml(locales.fr.common.redirect.message));
  });

  it("never redirects the router's own requests, whatever the language", async () => {
    const response = await get("/__manifest?p=%2Fblog&version=x", { cookie: "lang=fr" });
    expect(response.status).not.toBe(302);
  });

  it("follows Accept-Language on a first visit", async () => {
    const response = await get("/", { "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" });
    expect(response.headers.get("location")).toBe("/pt");
  });

  it("gives English to a visitor with neither a choice nor a browser preference", async () => {
    const response = await get("/about");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>About - Diaspora Policy</title>");
  });

  it.each(["lang=%E0%A4%A", "lang=klingon", "lang="])("treats the malformed cookie %s as English, never an error", async (cookie) => {
    const response = await get("/blog", { cookie, "accept-language": "fr" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en"');
  });

  it("keeps an explicit English choice even when the browser prefers another language", async () => {
    const response = await get("/blog", { cookie: "lang=en", "accept-language": "es" });
    expect(response.status).toBe(200);
  });

  it("moves /en/... to the unprefixed English URL, with the query the page reads", async () => {
    const response = await get("/en/blog?q=trade&x=1");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/blog?q=trade");
  });

  it("links each page to its four languages with hreflang and an x-default", async () => {
    const html = await (await get("/es/podcast")).text();
    expect(html).toContain(`<link rel="canonical" href="${app.services.config.appUrl}/es/podcast"/>`);
    for (const [tag, path] of [["en-US", "/podcast"], ["es-ES", "/es/podcast"], ["pt-BR", "/pt/podcast"], ["fr-FR", "/fr/podcast"], ["x-default", "/podcast"]]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${tag}" href="${app.services.config.appUrl}${path}"/>`);
    }
  });

  it("keeps the picked language in a cookie and opens the same page in it", async () => {
    const response = await get("/language?lang=es&to=%2Ffr%2Fblog%3Fpage%3D2");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/es/blog?page=2");
    expect(response.headers.get("set-cookie")).toMatch(/^lang=es; Max-Age=31536000; Path=\/;.*SameSite=Lax/);
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example"])("never redirects off-site (to=%s)", async (to) => {
    const response = await get(`/language?lang=fr&to=${encodeURIComponent(to)}`);
    expect(response.headers.get("location")).toBe("/fr");
  });

  it("answers an unknown language code with English", async () => {
    const response = await get("/language?lang=zz&to=/blog");
    expect(response.headers.get("location")).toBe("/blog");
    expect(response.headers.get("set-cookie")).toMatch(/^lang=en;/);
  });
});

describe("page details", () => {
  it("marks /upload-diagnostics noindex and leaves other pages indexable", async () => {
    expect(await (await get("/upload-diagnostics")).text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(await (await get("/blog")).text()).not.toContain('name="robots"');
  });

  it("highlights the current route in the header", async () => {
    const html = await (await get("/podcast")).text();
    expect(html).toMatch(/<a aria-current="page" class="[^"]*bg-forest-700[^"]*" href="\/podcast"/);
  });

  it("opens the support page in a new tab without a request to this server", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain(`href="${app.services.config.supportUrl}" target="_blank" rel="noopener"`);
  });
});
