import { parseFeed as parseAnyFeed } from "@rowanmanning/feed-parser";
import { parseFeed as parsePodcastFeed } from "podcast-partytime";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "~/modules/settings/settings.server";
import { startTestApp, type TestApp } from "../support/app-server";

// The feeds read by parsers that podcast apps and feed readers use: Podcast Index's (podcast-partytime),
// a strict RSS and Atom parser (@rowanmanning/feed-parser) and the most used RSS parser on npm (rss-parser).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ APP_URL: "https://diaspora.example" });
});
afterAll(() => app.close());

const text = async (path: string) => {
  const response = await fetch(app.url + path);
  expect(response.status).toBe(200);
  return response.text();
};

describe("the feeds, as podcast apps and feed readers read them", () => {
  it("gives Podcast Index's parser the show's kept guid, MP3 enclosures, its owner lock and each episode's transcript", async () => {
    const feed = parsePodcastFeed(await text("/podcast/feed.xml"));
    expect(feed).not.toBeNull();
    expect(feed!.guid).toBe((await readSettings(app.services.db))["podcast.guid"]);
    expect(feed!.language).toBe("en");
    expect(feed!.locked).toBe(true);
    expect(feed!.items).toHaveLength(8);
    for (const item of feed!.items) {
      expect(item.enclosure.type).toBe("audio/mpeg");
      expect(item.enclosure.url).toMatch(/^https:\/\/diaspora\.example\/podcast\/audio\/[0-9a-f-]{36}\.mp3$/);
      expect(item.enclosure.length).toBeGreaterThan(0);
    }
    const transcripts = feed!.items.flatMap((item) => item.podcastTranscripts ?? []);
    expect(transcripts.length).toBeGreaterThan(0);
    for (const transcript of transcripts) expect(transcript.url).toMatch(/^https:\/\/diaspora\.example\/podcast\/[a-z0-9-]+\/transcript\.(txt|vtt|srt)$/);
  });

  it("gives a strict parser each Atom feed's language and author, and a term for every category", async () => {
    for (const [prefix, language] of [["", "en-US"], ["/fr", "fr-FR"]] as const) {
      const feed = parseAnyFeed(await text(`${prefix}/blog/atom.xml`));
      expect(feed.language).toBe(language);
      expect(feed.authors.map((author) => author.name)).toEqual(["Diaspora Policy"]);
      expect(feed.items).toHaveLength(10);
      for (const item of feed.items) {
        expect(item.url).toMatch(new RegExp(`^https://diaspora\\.example${prefix}/blog/[a-z0-9-]+$`));
        expect(item.categories.length).toBeGreaterThan(0);
        for (const category of item.categories) expect(category.term).toMatch(/^[a-z-]+$/);
      }
    }
  });

  it("gives the RSS feed to rss-parser with every item's link, date and category", async () => {
    const feed = await new Parser().parseString(await text("/es/blog/feed.xml"));
    expect(feed.items).toHaveLength(10);
    for (const item of feed.items) {
      expect(item.link).toMatch(/^https:\/\/diaspora\.example\/es\/blog\/[a-z0-9-]+$/);
      expect(Number.isNaN(Date.parse(item.pubDate ?? ""))).toBe(false);
      expect(item.categories?.length).toBeGreaterThan(0);
    }
  });
});
