import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { writeSetting } from "~/modules/settings/settings.server";
import { SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import { startTestApp, type TestApp } from "../support/app-server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ APP_URL: "https://diaspora.example" });
});
afterAll(() => app.close());

interface LdNode {
  "@type": string;
  name?: string;
  image?: string;
  datePublished?: string;
  partOfSeries?: { name: string };
  itemListElement?: unknown;
}
const graph = async (path: string) => {
  const html = await (await fetch(app.url + path)).text();
  return JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)["@graph"] as LdNode[];
};
const structuredData = async (path: string) => (await graph(path)).find((node) => node["@type"] === "PodcastEpisode")!;
const feedTitle = async () => new XMLParser().parse(await (await fetch(`${app.url}/podcast/feed.xml`)).text()).rss.channel.title as string;

describe("an episode's structured data", () => {
  it("names its series as the feed names the show, the owner's title included, and gives a PNG image", async () => {
    const episode = await structuredData("/fr/podcast/legacy-of-mlk");
    expect(episode.partOfSeries?.name).toBe(await feedTitle());
    expect(episode.image).toBe("https://diaspora.example/podcast/artwork/legacy-of-mlk.png");

    await writeSetting(app.services.db, "podcast.title", "Diaspora Policy Radio", new Date());
    await app.services.pageChanges.changed(["settings"], new Date());
    expect(await feedTitle()).toBe("Diaspora Policy Radio");
    expect((await structuredData("/podcast/legacy-of-mlk")).partOfSeries?.name).toBe("Diaspora Policy Radio");
  });

  it("gives the trail Home › Podcast › episode as a BreadcrumbList, in the page's language, with absolute addresses", async () => {
    for (const [prefix, language] of [["", "en"], ["/es", "es"], ["/pt", "pt"], ["/fr", "fr"]] as const) {
      const nodes = await graph(`${prefix}/podcast/legacy-of-mlk`);
      const episode = nodes.find((node) => node["@type"] === "PodcastEpisode")!;
      const trail = nodes.find((node) => node["@type"] === "BreadcrumbList");
      const words = locales[language].episode;
      expect(trail?.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: words.breadcrumbHome, item: `https://diaspora.example${prefix || "/"}` },
        { "@type": "ListItem", position: 2, name: words.breadcrumbPodcast, item: `https://diaspora.example${prefix}/podcast` },
        { "@type": "ListItem", position: 3, name: episode.name, item: `https://diaspora.example${prefix}/podcast/legacy-of-mlk` },
      ]);
    }
  });

  it("dates the episode in ISO 8601 with its offset", async () => {
    const episode = await structuredData("/pt/podcast/legacy-of-mlk");
    expect(episode.datePublished).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(Date.parse(episode.datePublished!)).toBe(Date.parse(SAMPLE_EPISODES[0]!.publishedAt));
  });
});
