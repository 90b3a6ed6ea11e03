import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { startTestApp, type TestApp } from "../support/app-server";
import { SAMPLE_ARTICLE } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ APP_URL: "https://diaspora.example" });
});
afterAll(() => app.close());

const SITE = "https://diaspora.example";
const head = async (path: string) => (await (await fetch(app.url + path)).text()).split("</head>")[0]!;
const metaOf = (html: string, name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"/>`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1];

describe("social cards and canonical addresses", () => {
  it("gives the home, blog, podcast, shop and about pages the site's card in their language, with its size and alt text", async () => {
    for (const [prefix, language] of [["", "en"], ["/es", "es"], ["/pt", "pt"], ["/fr", "fr"]] as const) {
      for (const page of ["", "/blog", "/podcast", "/shop", "/about"]) {
        const html = await head(`${prefix}${page}` || "/");
        expect(metaOf(html, "og:image")).toBe(`${SITE}/images/social/card-${language}.png`);
        expect(metaOf(html, "twitter:image")).toBe(`${SITE}/images/social/card-${language}.png`);
        expect([metaOf(html, "og:image:width"), metaOf(html, "og:image:height")]).toEqual(["1200", "630"]);
        expect(metaOf(html, "og:image:alt")).toBe(locales[language].common.socialCardAlt);
        expect(metaOf(html, "twitter:image:alt")).toBe(locales[language].common.socialCardAlt);
      }
    }
  });

  it("serves each card as an opaque 1200 × 630 PNG", async () => {
    for (const language of ["en", "es", "pt", "fr"]) {
      const response = await fetch(`${app.url}/images/social/card-${language}.png`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(["png", 1200, 630, false]);
    }
  });

  it("gives an article's and an episode's picture the width and height of the image it names", async () => {
    for (const path of [`/blog/${SAMPLE_ARTICLE}`, `/fr/blog/${SAMPLE_ARTICLE}`, "/podcast/legacy-of-mlk", "/es/podcast/legacy-of-mlk"]) {
      const html = await head(path);
      const image = metaOf(html, "og:image")!;
      expect(image.startsWith(`${SITE}/`)).toBe(true);
      const response = await fetch(app.url + image.slice(SITE.length));
      expect(response.status).toBe(200);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metaOf(html, "og:image:width"), metaOf(html, "og:image:height")]).toEqual([String(metadata.width), String(metadata.height)]);
    }
  });

  it("gives every page an og:url equal to its canonical address", async () => {
    for (const path of ["/", "/fr/blog", "/es/podcast", "/pt/about", "/contact"]) {
      const html = await head(path);
      expect(canonicalOf(html)).toBe(`${SITE}${path}`);
      expect(metaOf(html, "og:url")).toBe(canonicalOf(html));
    }
  });

  it("keeps a later page, a category or a tag in the canonical address, and drops page 1 and the search", async () => {
    const cases = [
      ["/blog?page=2", `${SITE}/blog?page=2`],
      ["/fr/blog?page=2&q=e", `${SITE}/fr/blog?page=2`],
      ["/blog?page=1", `${SITE}/blog`],
      ["/blog?q=agoa", `${SITE}/blog`],
    ] as const;
    for (const [path, canonical] of cases) {
      const html = await head(path);
      expect(canonicalOf(html)).toBe(canonical);
      expect(metaOf(html, "og:url")).toBe(canonical);
    }
    const html = await head("/blog?page=2");
    expect(html).toContain(`<link rel="alternate" hrefLang="fr-FR" href="${SITE}/fr/blog?page=2"/>`);
  });
});
