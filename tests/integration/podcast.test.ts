import { readdirSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { parseBuffer } from "music-metadata";
import { newObjectKey } from "~/adapters/storage/keys";
import { feedDuration } from "~/modules/podcast/feed";
import { createEpisode, episodeBySlug, listEpisodes, listFullEpisodes } from "~/modules/podcast/episodes.server";
import { EPISODE_CATEGORIES, SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import { seedEpisodes } from "~/modules/podcast/seed.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["item", "category", "itunes:category"].includes(name) });
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const OTHER_BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function bodyBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.each(dialects)("the podcast on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const db = () => app.services.db;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(new URL(url, app.url), { headers, redirect: "manual" });

  describe("seeded episodes", () => {
    it("are the eight samples, newest first, with listens from 2189 to 4582 and the five categories", async () => {
      const episodes = await listEpisodes(db(), "en");
      expect(episodes).toHaveLength(8);
      expect(episodes.map((episode) => episode.publishedAt)).toEqual(episodes.map((episode) => episode.publishedAt).sort().reverse());
      const listens = episodes.map((episode) => episode.listens);
      expect(Math.min(...listens)).toBe(2189);
      expect(Math.max(...listens)).toBe(4582);
      for (const episode of episodes) {
        expect(Object.keys(episode).sort()).toEqual(["audioUrl", "categories", "description", "durationSeconds", "hasChapters", "id", "imageUrl", "listens", "publishedAt", "slug", "title", "transcriptKind"].sort());
        expect(episode.categories.every((category) => (EPISODE_CATEGORIES as readonly string[]).includes(category))).toBe(true);
        expect(episode.audioUrl).toMatch(/^\/podcast\/audio\/[0-9a-f-]{36}\.mp3$/);
        expect(episode.imageUrl).toBe(`/podcast/artwork/${episode.slug}.svg`);
        expect(new Date(episode.publishedAt).toISOString()).toBe(episode.publishedAt);
      }
      expect(episodes.find((episode) => episode.slug === "legacy-of-mlk")?.title).toBe("Legacy of MLK");
    });

    it("list what transcript each has, as the episode itself says, without carrying the transcripts", async () => {
      const [timed, blank] = (await listEpisodes(db(), "en")).filter((episode) => episode.transcriptKind === null);
      const saved = await db().selectFrom("episodes").select(["slug", "transcript", "transcript_format"]).where("slug", "in", [timed!.slug, blank!.slug]).execute();
      await db().updateTable("episodes").set({ transcript: "WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome.", transcript_format: "vtt" }).where("slug", "=", timed!.slug).execute();
      await db().updateTable("episodes").set({ transcript: "" }).where("slug", "=", blank!.slug).execute();
      try {
        const cards = await listEpisodes(db(), "en");
        const full = await listFullEpisodes(db(), "en");
        expect(cards.map((card) => [card.slug, card.transcriptKind])).toEqual(full.map((episode) => [episode.slug, episode.transcriptKind]));
        const kinds = Object.fromEntries(cards.map((card) => [card.slug, card.transcriptKind]));
        expect(kinds).toMatchObject({ "legacy-of-mlk": "text", [timed!.slug]: "vtt", [blank!.slug]: null });
      } finally {
        for (const row of saved) await db().updateTable("episodes").set({ transcript: row.transcript, transcript_format: row.transcript_format }).where("slug", "=", row.slug).execute();
      }
    });

    it("are in the reader's language, with the same order", async () => {
      const english = await listEpisodes(db(), "en");
      for (const language of ["es", "pt", "fr"] as const) {
        const translated = await listEpisodes(db(), language);
        expect(translated.map((episode) => episode.slug)).toEqual(english.map((episode) => episode.slug));
        for (const episode of translated) {
          const sample = SAMPLE_EPISODES.find((candidate) => candidate.text.en.title === english.find((e) => e.slug === episode.slug)!.title)!;
          expect(episode.title).toBe(sample.text[language].title);
          expect(episode.description).toBe(sample.text[language].description);
        }
      }
    });

    it("are seeded once: a second run adds nothing and stores no more audio, and restores audio the storage lost", async () => {
      const before = await listFullEpisodes(db(), "en");
      const audioFolder = path.join(app.services.config.dataDir, "objects", "podcast", "audio");
      const filesBefore = app.services.storage.kind === "filesystem" ? readdirSync(audioFolder).sort() : [];
      expect(await seedEpisodes(db(), app.services.storage, new Date())).toBe(0);
      const after = await listFullEpisodes(db(), "en");
      expect(after.map((episode) => [episode.id, episode.audioKey, episode.guid])).toEqual(before.map((episode) => [episode.id, episode.audioKey, episode.guid]));
      if (app.services.storage.kind === "filesystem") expect(readdirSync(audioFolder).sort()).toEqual(filesBefore);

      const lost = before[3]!;
      await app.services.storage.delete(lost.audioKey);
      expect(await seedEpisodes(db(), app.services.storage, new Date())).toBe(0);
      expect((await app.services.storage.head(lost.audioKey))?.size).toBe(lost.audioSize);
    });

    it("makes a new episode's slug unique with -2", async () => {
      const slug = await createEpisode(
        db(),
        {
          text: { en: { title: "Legacy of MLK", description: "Again." } },
          durationSeconds: 1,
          publishedAt: "2020-01-01T00:00:00.000Z",
          categories: [],
          audioKey: newObjectKey("podcast/audio", "wav"),
          audioSize: 1,
          audioType: "audio/wav",
        },
        new Date(),
      );
      expect(slug).toBe("legacy-of-mlk-2");
      const stored = await episodeBySlug(db(), slug, "fr");
      expect(stored).toMatchObject({ title: "Legacy of MLK", translated: false, listens: 0, transcript: null });
      await db().deleteFrom("episodes").where("slug", "=", slug).execute();
    });
  });

  describe("the feed", () => {
    it("is valid RSS 2.0 with every tag Apple Podcasts and the podcast namespace ask for", async () => {
      const response = await get("/podcast/feed.xml");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const xml = await response.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      const rss = parser.parse(xml).rss;
      expect(rss["@version"]).toBe("2.0");
      expect(rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
      expect(rss["@xmlns:podcast"]).toBe("https://podcastindex.org/namespace/1.0");
      const channel = rss.channel;
      const appUrl = app.services.config.appUrl;
      expect(channel.title).toBe("The Diaspora Policy Podcast");
      expect(channel.link).toBe(`${appUrl}/podcast`);
      expect(channel.description).toMatch(/Pan-Africanism/);
      expect(channel.language).toBe("en");
      expect(channel["itunes:author"]).toBe("Diaspora Policy");
      expect(channel["itunes:owner"]["itunes:email"]).toBe(app.services.config.contactEmail);
      expect(channel["itunes:owner"]["itunes:name"]).toBeTruthy();
      expect(channel["itunes:image"]["@href"]).toBe(`${appUrl}/podcast/artwork/show.png`);
      expect(channel["itunes:category"][0]["@text"]).toBeTruthy();
      expect(String(channel["itunes:explicit"])).toBe("false");
      expect(channel["podcast:guid"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(channel["podcast:locked"]["#text"]).toBe("yes");
      expect(channel["podcast:locked"]["@owner"]).toBe(app.services.config.contactEmail);

      // The feed's absolute URLs are APP_URL's; the test server listens elsewhere.
      const cover = await get(new URL(channel["itunes:image"]["@href"]).pathname);
      expect(cover.status).toBe(200);
      expect(cover.headers.get("content-type")).toBe("image/png");

      const items = channel.item as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(items).toHaveLength(8);
      const guids = new Set<string>();
      for (const item of items) {
        expect(item.title).toBeTruthy();
        expect(item.description).toBeTruthy();
        expect(item.link).toMatch(new RegExp(`^${appUrl}/podcast/[a-z0-9-]+$`));
        expect(item.guid["@isPermaLink"]).toBe("false");
        guids.add(item.guid["#text"]);
        expect(new Date(item.pubDate).toUTCString()).toBe(item.pubDate);
        expect(item.enclosure["@url"]).toMatch(new RegExp(`^${appUrl}/podcast/audio/[0-9a-f-]+\\.mp3$`));
        expect(Number(item.enclosure["@length"])).toBeGreaterThan(1000);
        expect(item.enclosure["@type"]).toBe("audio/mpeg");
        expect(item["itunes:duration"]).toMatch(/^\d\d:\d\d:\d\d$/);
        expect(item["itunes:image"]["@href"]).toMatch(/\.png$/);
        expect(String(item["itunes:explicit"])).toBe("false");
        expect(item.category.length).toBeGreaterThan(0);
      }
      expect(guids.size).toBe(8);
      const withTranscript = items.filter((item) => item["podcast:transcript"]);
      expect(withTranscript).toHaveLength(1);
      const transcript = await get(new URL(withTranscript[0]!["podcast:transcript"]["@url"]).pathname);
      expect(transcript.status).toBe(200);
      expect(withTranscript[0]!["podcast:transcript"]["@type"]).toBe("text/plain");
      expect(await transcript.text()).toContain("Riverside");
    });

    it("has enclosures that answer a Range request with 206 and exactly those bytes", async () => {
      const xml = await (await get("/podcast/feed.xml")).text();
      const items = parser.parse(xml).rss.channel.item as Array<{ enclosure: { "@url": string; "@length": string }; "itunes:duration": string }>;
      const episodes = await listFullEpisodes(db(), "en");
      for (const item of items) {
        const path = new URL(item.enclosure["@url"]).pathname;
        const episode = episodes.find((candidate) => candidate.audioUrl === path)!;
        const stored = await app.services.storage.get(episode.audioKey);
        const whole = await bodyBytes(stored!.body);
        expect(whole.length).toBe(Number(item.enclosure["@length"]));
        // An MPEG audio frame's sync word (11 set bits), then the MP3's real length matches itunes:duration.
        expect([whole[0], whole[1]! & 0xe0]).toEqual([0xff, 0xe0]);
        const { format } = await parseBuffer(whole, { mimeType: "audio/mpeg" }, { duration: true });
        expect(format.codec).toBe("MPEG 1 Layer 3");
        expect(feedDuration(format.duration!)).toBe(item["itunes:duration"]);

        const response = await get(path, { range: "bytes=100-1123", "user-agent": BOT });
        expect(response.status).toBe(206);
        expect(response.headers.get("content-range")).toBe(`bytes 100-1123/${whole.length}`);
        expect(response.headers.get("content-type")).toBe("audio/mpeg");
        expect(response.headers.get("accept-ranges")).toBe("bytes");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(100, 1124))).toBe(true);
      }
    });

    it("answers 416 for a range past the end, and 404 for audio no episode has", async () => {
      const [episode] = await listFullEpisodes(db(), "en");
      const response = await get(episode!.audioUrl, { range: `bytes=${episode!.audioSize + 10}-`, "user-agent": BOT });
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${episode!.audioSize}`);
      expect((await get("/podcast/audio/00000000-0000-4000-8000-000000000000.wav")).status).toBe(404);
      expect((await get("/podcast/audio/..%2F..%2Fapp.db")).status).toBe(404);
    });
  });

  describe("listens", () => {
    const listensOf = async (slug: string) => (await episodeBySlug(db(), slug, "en"))!.listens;

    it("count a download once per network a day, never a bot or a later range", async () => {
      const episode = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
      const start = episode.listens;
      const from = (ip: string, userAgent: string, range?: string) =>
        get(episode.audioUrl, { "x-forwarded-for": ip, "user-agent": userAgent, ...(range ? { range } : {}) }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        });

      expect(await from("10.9.0.1", BROWSER)).toBe(200);
      expect(await listensOf(episode.slug)).toBe(start + 1);
      expect(await from("10.9.0.1", BROWSER)).toBe(200);
      expect(await from("10.9.0.1", BROWSER, "bytes=0-")).toBe(206);
      expect(await from("10.9.0.1", OTHER_BROWSER, "bytes=0-1")).toBe(206);
      expect(await listensOf(episode.slug)).toBe(start + 1);

      expect(await from("10.9.0.2", BROWSER)).toBe(200);
      expect(await listensOf(episode.slug)).toBe(start + 2);

      expect(await from("10.9.0.3", BOT)).toBe(200);
      expect(await from("10.9.0.4", BROWSER, "bytes=2000-")).toBe(206);
      const head = await fetch(new URL(episode.audioUrl, app.url), { method: "HEAD", headers: { "x-forwarded-for": "10.9.0.5", "user-agent": BROWSER } });
      expect(head.status).toBe(200);
      expect(await listensOf(episode.slug)).toBe(start + 2);

      // Parallel first downloads by one listener count once.
      await Promise.all(Array.from({ length: 5 }, () => from("10.9.0.6", BROWSER)));
      expect(await listensOf(episode.slug)).toBe(start + 3);
      // No address is stored, only a hash.
      const rows = await db().selectFrom("episode_listens").selectAll().execute();
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.listener) && !JSON.stringify(row).includes("10.9.0"))).toBe(true);
    });

    it("count one listen per network, however many user agents it sends at once; an IPv6 network is its /64", async () => {
      const [, episode] = await listEpisodes(db(), "en");
      const start = episode!.listens;
      const from = async (ip: string, userAgent: string) => {
        const response = await get(episode!.audioUrl, { "x-forwarded-for": ip, "user-agent": userAgent });
        await response.arrayBuffer();
        return response.status;
      };
      const agents = Array.from({ length: 30 }, (_, i) => `Mozilla/5.0 (X11; Linux x86_64; rv:${100 + i}.0) Gecko/20100101 Firefox/${100 + i}.0`);
      expect(new Set(await Promise.all(agents.map((agent) => from("10.9.1.1", agent))))).toEqual(new Set([200]));
      expect(await listensOf(episode!.slug)).toBe(start + 1);
      await Promise.all(agents.slice(0, 5).map((agent) => from("10.9.1.2", agent)));
      expect(await listensOf(episode!.slug)).toBe(start + 2);

      await Promise.all(agents.slice(0, 10).map((agent, i) => from(`2001:db8:1:2::${(i + 1).toString(16)}`, agent)));
      await from("2001:db8:1:2:ffff:ffff:ffff:ffff", BROWSER);
      expect(await listensOf(episode!.slug)).toBe(start + 3);
      await from("2001:db8:1:3::1", BROWSER);
      expect(await listensOf(episode!.slug)).toBe(start + 4);
    });
  });

  describe("the episode page", () => {
    it("shows the player, show notes, transcript and categories, with JSON-LD, og:audio and the feed link", async () => {
      const response = await get("/podcast/legacy-of-mlk");
      expect(response.status).toBe(200);
      const html = await response.text();
      const episode = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
      expect(html).toMatch(/<h1[^>]*>Legacy of MLK<\/h1>/);
      expect(html).toMatch(new RegExp(`<audio[^>]*controls[^>]*preload="none"`));
      expect(html).toContain(`<source src="${episode.audioUrl}" type="audio/mpeg"/>`);
      expect(html).toContain("Show notes");
      expect(html).toContain("Transcript");
      expect(html).toContain("Riverside Church");
      expect(html).toContain("Global South Policy");
      expect(html).toContain(`${episode.durationSeconds < 60 ? "0" : ""}:`);
      expect(html).toContain(`<meta property="og:audio" content="${app.services.config.appUrl}${episode.audioUrl}"/>`);
      expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="[^"]*\/podcast\/feed\.xml"/);
      expect(html).toContain("twitter.com/intent/tweet");
      const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
      const structured = JSON.parse(ld!)["@graph"][0];
      expect(structured).toMatchObject({
        "@type": "PodcastEpisode",
        name: "Legacy of MLK",
        associatedMedia: { "@type": "MediaObject", contentUrl: `${app.services.config.appUrl}${episode.audioUrl}`, encodingFormat: "audio/mpeg" },
        partOfSeries: { "@type": "PodcastSeries" },
      });
      expect(Date.parse(structured.datePublished)).toBe(Date.parse(episode.publishedAt));
    });

    it("is in the reader's language under its prefix", async () => {
      const html = await (await get("/fr/podcast/legacy-of-mlk")).text();
      expect(html).toContain("L&#x27;héritage de MLK</h1>");
      expect(html).toContain("Notes de l&#x27;épisode");
      expect(html).toContain("Politique du Sud global");
    });

    it("answers 404 for an unknown slug", async () => {
      expect((await get("/podcast/no-such-episode")).status).toBe(404);
      expect((await get("/es/podcast/no-such-episode")).status).toBe(404);
      expect((await get("/podcast/no-such-episode/transcript.txt")).status).toBe(404);
      expect((await get("/podcast/artwork/no-such-episode.png")).status).toBe(404);
    });

    it("has drawn artwork for each episode", async () => {
      const svg = await get("/podcast/artwork/legacy-of-mlk.svg");
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      expect(await svg.text()).toMatch(/^<svg /);
    });
  });
});
