import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { people } from "../support/people";
import { SAMPLE_ARTICLE } from "../support/routes";
import { PATHS } from "../../server/paths";

// What a page's first load carries besides its scripts: the article's body once, and only the strings its visitor uses.
const app = appOnTestDatabase("sqlite");
const { adminInMode } = people(app);

const page = async (path: string, cookie = "") => (await fetch(app.url + path, { headers: { cookie } })).text();
const count = (html: string, text: string) => html.split(text).length - 1;

/** Words from the sample article's body (its first paragraph), not its title nor its excerpt. */
const BODY_WORDS = "Colonial infrastructure was built to extract, not to connect";

describe("the article's body", () => {
  it("is in the page's HTML once: the hydration data does not repeat it", async () => {
    const html = await page(`/blog/${SAMPLE_ARTICLE}`);
    expect(count(html, BODY_WORDS)).toBe(1);
    expect(html).toMatch(new RegExp(`<div id="article-body"[^>]*>(?:(?!</div>).)*${BODY_WORDS}`, "s"));
  });

  it("comes with the data of a client navigation, which has no page to read it from", async () => {
    const data = await (await fetch(`${app.url}/blog/${SAMPLE_ARTICLE}.data`)).text();
    expect(count(data, BODY_WORDS)).toBe(1);
  });
});

describe("the stylesheet", () => {
  it("is written into every page's head, not linked, and kept out of the scripts", async () => {
    const built = readdirSync(path.join(PATHS.clientBuild, "assets")).find((name) => /^app-.*\.css$/.test(name));
    const css = readFileSync(path.join(PATHS.clientBuild, "assets", built!), "utf8");
    for (const address of ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`, "/fr/podcast", "/no-such-page"]) {
      const html = await page(address);
      expect(html.split("</head>")[0], address).toContain(`<style>${css}</style>`);
      expect(html, address).not.toMatch(/<link[^>]+rel="stylesheet"/);
    }
    const scripts = readdirSync(path.join(PATHS.clientBuild, "assets")).filter((name) => name.endsWith(".js"));
    const fragment = css.slice(css.length / 2, css.length / 2 + 200);
    for (const script of scripts) expect(readFileSync(path.join(PATHS.clientBuild, "assets", script), "utf8"), script).not.toContain(fragment);
  });
});

describe("the scripts' preloads", () => {
  it("come after the page's content, at low priority, just before the module script that imports them", async () => {
    for (const address of ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`, "/fr/podcast", "/no-such-page"]) {
      const html = await page(address);
      const [head, body] = html.split("</head>") as [string, string];
      expect(head.includes("modulepreload"), address).toBe(false);
      // Asked for at low priority: the page's text, fonts and pictures come first on a slow line.
      const preloads = /((?:<link fetchpriority="low" rel="modulepreload"[^>]*>)+)<script[^>]* type="module"[^>]*>([^<]*)<\/script>/.exec(body);
      expect(preloads, address).not.toBeNull();
      const preloaded = [...preloads![1]!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
      // Everything the module script imports is among them, so the browser still fetches all at once.
      const imported = [...preloads![2]!.matchAll(/(?:from |import\()"([^"]+)"/g)].map((match) => match[1]);
      expect(imported.length, address).toBeGreaterThan(1);
      expect(preloaded, address).toEqual(expect.arrayContaining(imported));
      expect(body.indexOf(preloads![0]!), address).toBeGreaterThan(body.indexOf("</main>"));
    }
  });
});

describe("the strings a page sends", () => {
  // Words of the admin's tools in each part kept from readers: the e-book form, the podcast's episode form, the file picker.
  const shopManage = locales.en.shop.manage.bookDescription;
  const podcastManage = locales.en.podcast.manage.categoriesHint;
  const filePicker = locales.en.common.filePicker.dropTooMany;

  it("gives an anonymous visitor none of the admin's tools' strings", async () => {
    for (const path of ["/shop", "/podcast", "/", `/blog/${SAMPLE_ARTICLE}`]) {
      const html = await page(path);
      expect(html, path).not.toContain(shopManage);
      expect(html, path).not.toContain(podcastManage);
      expect(html, path).not.toContain(filePicker);
    }
    // What every visitor sees of the podcast's tools: the 'Upload Episode' button.
    expect(await page("/podcast")).toContain(locales.en.podcast.manage.upload);
  });

  it("sends them as one value of the hydration data, not one value per string", async () => {
    const html = await page(`/blog/${SAMPLE_ARTICLE}`);
    const payload = JSON.parse(JSON.parse(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)![1]!) as string) as unknown[];
    const shellText = payload.find((value) => typeof value === "string" && value.startsWith("{") && value.includes(locales.en.nav.shop));
    expect(JSON.parse(shellText as string)).toMatchObject({ nav: { shop: locales.en.nav.shop } });
    // A string of the shell is not a value of its own: it is inside that one text.
    expect(payload).not.toContain(locales.en.nav.shop);
    expect(payload.length).toBeLessThan(250);
  });

  it("gives the admin in admin mode the strings of the tools on the shop and podcast pages", async () => {
    const owner = await adminInMode("10.52.0.1");
    const shop = await (await owner.get("/shop")).text();
    expect(shop).toContain(shopManage);
    expect(shop).toContain(filePicker);
    const podcast = await (await owner.get("/podcast")).text();
    expect(podcast).toContain(podcastManage);
  });
});
