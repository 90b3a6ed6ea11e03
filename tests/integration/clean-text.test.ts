import { parseFeed } from "@rowanmanning/feed-parser";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { appOnTestDatabase, type TestApp } from "../support/app-server";
import { articleFields, createArticle } from "../support/article-forms";
import { dialects } from "../support/databases";
import { people } from "../support/people";
import { SAMPLE_ARTICLE, SAMPLE_EPISODE } from "../support/routes";
import { strictXmlReader } from "../support/strict-xml";

// Control characters in what the owner types never break a feed: the editor's and the settings' forms
// save text without them (a one-line field keeps none, a textarea keeps tabs and line breaks), and a row
// stored with one anyway (before text was cleaned, or by hand) still gives feeds every reader can parse.

/** Every C0 control character, DEL, two C1 controls (NEL among them) and the non-characters U+FFFE and U+FFFF. */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), "\u007f", "\u0085", "\u009b", "\ufffe", "\uffff"];
/** What ends a line or separates words: one space in a one-line field, a line break in a textarea (where a tab stays). */
const LINE_ENDS = ["\t", "\n", "\u000b", "\u000c", "\r", "\u0085"];

/** Words with each of CONTROLS between two of them, as sent. */
const sent = (label: string) => `${label} ${CONTROLS.map((control, index) => `w${index}${control}`).join("")}end`;
/** The same as a one-line field keeps it. */
const asLine = (label: string) => `${label} ${CONTROLS.map((control, index) => `w${index}${LINE_ENDS.includes(control) ? " " : ""}`).join("")}end`;
/** The same as a textarea keeps it. */
const asText = (label: string) =>
  `${label} ${CONTROLS.map((control, index) => `w${index}${control === "\t" || control === "\n" ? control : LINE_ENDS.includes(control) ? "\n" : ""}`).join("")}end`;
/** Characters no saved or written text may hold (tab and line breaks aside). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;

const prefix = (language: Language) => (language === "en" ? "" : `/${language}`);

/** Fetches a public document, checks it is strict XML, and gives its text. */
function feedReader(app: TestApp) {
  const { expectWellFormed } = strictXmlReader();
  return async function wellFormed(path: string): Promise<string> {
    const response = await fetch(app.url + path);
    expect(response.status, path).toBe(200);
    const xml = await response.text();
    await expectWellFormed(xml, path);
    return xml;
  };
}

/** The blog's RSS (rss-parser) and Atom (a strict feed parser) feeds in `language`: the item at `slug`, as each reads it. */
async function blogItems(wellFormed: (path: string) => Promise<string>, language: Language, slug: string) {
  const rss = await new Parser().parseString(await wellFormed(`${prefix(language)}/blog/feed.xml`));
  const atom = parseFeed(await wellFormed(`${prefix(language)}/blog/atom.xml`));
  const rssItem = rss.items.find((item) => item.link?.endsWith(`/blog/${slug}`));
  const atomItem = atom.items.find((item) => item.url?.endsWith(`/blog/${slug}`));
  expect(rssItem, `${language} RSS`).toBeDefined();
  expect(atomItem, `${language} Atom`).toBeDefined();
  return [
    { title: rssItem!.title, summary: rssItem!.content },
    { title: atomItem!.title, summary: atomItem!.description },
  ];
}

/** The article page's JSON-LD headline in `language`. */
async function headline(app: TestApp, language: Language, slug: string): Promise<string> {
  const html = await (await fetch(`${app.url}${prefix(language)}/blog/${slug}`)).text();
  const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const graph = (JSON.parse(json!) as { "@graph": Array<{ "@type": string; headline?: string }> })["@graph"];
  return graph.find((node) => node["@type"] === "Article")!.headline!;
}

describe.each(dialects)("control characters sent through the forms, on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const wellFormed = feedReader(app);

  it("are left out of an article saved in four languages, and every feed, the sitemap and the page's JSON-LD read cleanly", async () => {
    const owner = await adminInMode("10.87.0.1");
    const slug = "control-characters-corridor";
    const id = await createArticle(owner, { slug, title: sent("en"), excerpt: sent("en summary"), body: sent("## Corridors\n\nen body"), intent: "publish" });
    for (const language of LANGUAGES.filter((language) => language !== "en")) {
      const saved = await owner.post(`/admin/articles/${id}`, articleFields({ id, slug, language, title: sent(language), excerpt: sent(`${language} summary`), body: sent(`${language} body`) }));
      expect(saved.status, language).toBe(200);
    }
    const rows = await app.services.db.selectFrom("article_translations").select(["language", "title", "excerpt", "body"]).where("article_id", "=", id).orderBy("language").execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const body = row.language === "en" ? asText("## Corridors\n\nen body") : asText(`${row.language} body`);
      expect(row).toEqual({ language: row.language, title: asLine(row.language), excerpt: asText(`${row.language} summary`), body });
    }
    for (const language of LANGUAGES) {
      for (const item of await blogItems(wellFormed, language, slug)) {
        expect(item.title, language).toBe(asLine(language));
        expect(item.summary, language).not.toMatch(FORBIDDEN);
        expect(item.summary?.replace(/\s+/g, " ").trim(), language).toBe(asText(`${language} summary`).replace(/\s+/g, " "));
      }
      expect(await headline(app, language, slug)).toBe(asLine(language));
    }
    const sitemap = await wellFormed("/sitemap.xml");
    for (const language of LANGUAGES) expect(sitemap).toContain(`${prefix(language)}/blog/${slug}</loc>`);
  });

  it("are left out of the show's details, and the podcast feed reads cleanly", async () => {
    const owner = await adminInMode("10.87.0.2");
    const show = { intent: "show", title: sent("Show"), author: "A.\u000bMensah\u0001", ownerEmail: "host@example.org", category: "News > Politics", hostBio: sent("Bio") };
    expect((await owner.post("/admin/settings", show)).status).toBe(200);
    const settings = await app.services.db.selectFrom("settings").select(["key", "value"]).where("key", "in", ["podcast.title", "podcast.author", "podcast.hostBio"]).orderBy("key").execute();
    expect(settings.map((row) => row.value)).toEqual(["A. Mensah", asText("Bio"), asLine("Show")]);
    const feed = await new Parser().parseString(await wellFormed("/podcast/feed.xml"));
    expect(feed.title).toBe(asLine("Show"));
    expect(feed.description).not.toMatch(FORBIDDEN);
    expect(feed.description).toContain(asText("Bio"));
  });
});

describe.each(dialects)("control characters already stored, on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const wellFormed = feedReader(app);

  it("are dropped from every feed in four languages, the sitemap and the JSON-LD", async () => {
    const db = app.services.db;
    // Written as a script or an old version could have: straight into the rows, past every form.
    const article = await db.selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const titled = (language: Language) => `Trade\u000b${language}\u0001 networks\u0085`;
    for (const language of LANGUAGES) {
      const updated = await db.updateTable("article_translations").set({ title: titled(language), excerpt: `Summary\u001f\ufffe ${language}` }).where("article_id", "=", article.id).where("language", "=", language).executeTakeFirst();
      expect(Number(updated.numUpdatedRows), language).toBe(1);
    }
    const episode = await db.selectFrom("episodes").select("id").where("slug", "=", SAMPLE_EPISODE).executeTakeFirstOrThrow();
    await db.updateTable("episode_translations").set({ title: "Legacy\u000bof\u0002 MLK", description: "Notes\u0007 here" }).where("episode_id", "=", episode.id).where("language", "=", "en").execute();

    for (const language of LANGUAGES) {
      for (const item of await blogItems(wellFormed, language, SAMPLE_ARTICLE)) {
        expect(item.title, language).toBe(`Trade${language} networks`);
        expect(item.summary, language).toBe(`Summary ${language}`);
      }
      expect(await headline(app, language, SAMPLE_ARTICLE)).toBe(`Trade${language} networks`);
    }
    await wellFormed("/sitemap.xml");
    const podcast = await new Parser().parseString(await wellFormed("/podcast/feed.xml"));
    expect(podcast.items.map((item) => item.title)).toContain("Legacyof MLK");
  });
});
