import { describe, expect, it } from "vitest";
import { loadSharp } from "~/adapters/images/sharp.server";
import { SESSION_COOKIE } from "~/adapters/auth/auth.server";
import { newObjectKey } from "~/adapters/storage/keys";
import { episodeBySlug, listFullEpisodes } from "~/modules/podcast/episodes.server";
import { SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import { seedEpisodes } from "~/modules/podcast/seed.server";
import { slugify } from "~/lib/slug";
import { chimeWav } from "~/modules/podcast/wav";
import { podcastGuid } from "~/modules/podcast/feed";
import { podcastFeed } from "~/modules/podcast/feed.server";
import { showGuid } from "~/modules/podcast/podcast-guid.server";
import { readSettings } from "~/modules/settings/settings.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { people } from "../support/people";
import { decodeAnswer } from "../support/single-fetch";
import { uploadFile } from "../support/tus";

// What podcast apps and feed readers rely on, on both databases: a show identity that survives a move
// to another domain, feeds that answer 304 to a poll while nothing changed (from the page cache or
// not), and artwork without an alpha channel.

const FEEDS = ["/podcast/feed.xml", "/blog/feed.xml", "/blog/atom.xml", "/fr/blog/feed.xml"];
/** A request with a session cookie is never answered from the page cache: the route answers itself. */
const UNCACHED = { cookie: `${SESSION_COOKIE}=not-a-real-session` };

describe.each(dialects)("feeds for podcast apps on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, app.url), { headers });

  it.each(FEEDS)("%s sends an ETag and Last-Modified and answers 304 to either, cached or not", async (path) => {
    for (const extra of [{}, UNCACHED]) {
      const first = await get(path, extra);
      expect(first.status).toBe(200);
      const body = await first.text();
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);
      const byTag = await get(path, { ...extra, "if-none-match": etag });
      expect(byTag.status).toBe(304);
      expect(await byTag.text()).toBe("");
      expect(byTag.headers.get("etag")).toBe(etag);
      expect((await get(path, { ...extra, "if-modified-since": lastModified })).status).toBe(304);
      // A client holding an older copy gets the whole feed; If-None-Match decides over the date.
      const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await get(path, { ...extra, "if-modified-since": older })).status).toBe(200);
      const stale = await get(path, { ...extra, "if-none-match": '"something-else"', "if-modified-since": lastModified });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(body);
    }
  });

  it("moves the podcast feed's Last-Modified and ETag when an episode is edited", async () => {
    const before = await get("/podcast/feed.xml");
    const lastModified = before.headers.get("last-modified")!;
    const etag = before.headers.get("etag")!;
    // Last-Modified counts whole seconds: the edit comes a second later on the app's clock.
    app.clock.advance(1000);
    const owner = await adminInMode("10.71.0.1");
    const episode = (await episodeBySlug(app.services.db, "legacy-of-mlk", "en"))!;
    const edited = await owner.post("/podcast.data", { intent: "update", id: episode.id, title: "Legacy of MLK, Again", description: episode.description, categories: "Legacy of MLK" });
    expect(decodeAnswer(await edited.text())).toMatchObject({ ok: true });
    const after = await get("/podcast/feed.xml", { "if-modified-since": lastModified, "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Legacy of MLK, Again");
    expect(Date.parse(after.headers.get("last-modified")!)).toBeGreaterThan(Date.parse(lastModified));
    expect((await get("/podcast/feed.xml", { "if-modified-since": lastModified })).status).toBe(200);
  });

  it("keeps the podcast:guid assigned at the first start when APP_URL changes", async () => {
    const stored = (await readSettings(app.services.db))["podcast.guid"];
    expect(stored).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await get("/podcast/feed.xml").then((response) => response.text())).toContain(`<podcast:guid>${stored}</podcast:guid>`);
    const moved = "https://podcast.real-domain.example";
    expect(podcastGuid(`${moved}/podcast/feed.xml`)).not.toBe(stored);
    expect(await showGuid(app.services.db, moved, new Date())).toBe(stored);
    const feed = await podcastFeed(app.services.db, { appUrl: moved, title: "T", description: "D", author: "A", ownerEmail: "a@example.org" }, new Date());
    expect(feed.xml).toContain(`<podcast:guid>${stored}</podcast:guid>`);
    expect(feed.xml).toContain(`<atom:link href="${moved}/podcast/feed.xml"`);
  });

  it("turns an earlier install's WAV sample chimes into MP3 at start, and leaves the owner's own WAV alone", async () => {
    const { db, storage } = app.services;
    const [sample, ownUpload] = await listFullEpisodes(db, "en");
    const legacy = async (episode: typeof sample, wav: Buffer) => {
      const key = newObjectKey("podcast/audio", "wav");
      await storage.put(key, wav, { contentType: "audio/wav" });
      await db.updateTable("episodes").set({ audio_key: key, audio_type: "audio/wav", audio_size: wav.length }).where("id", "=", episode!.id).execute();
      return key;
    };
    const chime = SAMPLE_EPISODES.find((candidate) => slugify(candidate.text.en.title) === sample!.slug)!;
    const oldChime = await legacy(sample, chimeWav({ seconds: chime.seconds, notes: chime.notes }));
    const ownKey = await legacy(ownUpload, chimeWav({ seconds: 3, notes: [523] }));
    for (let run = 0; run < 2; run++) expect(await seedEpisodes(db, storage, new Date())).toBe(0);
    const converted = (await episodeBySlug(db, sample!.slug, "en"))!;
    expect(converted).toMatchObject({ id: sample!.id, guid: sample!.guid, audioType: "audio/mpeg" });
    expect(converted.audioKey).toMatch(/\.mp3$/);
    expect((await storage.head(converted.audioKey))?.size).toBe(converted.audioSize);
    expect(await storage.exists(oldChime)).toBe(false);
    expect(await episodeBySlug(db, ownUpload!.slug, "en")).toMatchObject({ audioKey: ownKey, audioType: "audio/wav" });
  });

  it("serves the show's and each episode's PNG artwork without an alpha channel", async () => {
    const sharp = await loadSharp();
    for (const path of ["/podcast/artwork/show.png", "/podcast/artwork/legacy-of-mlk.png"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.hasAlpha, metadata.channels, metadata.width]).toEqual(["png", false, 3, 1400]);
    }
  });

  it("lays uploaded show artwork with transparency on white, so the feed's artwork has no alpha channel", async () => {
    const sharp = await loadSharp();
    const owner = await adminInMode("10.71.1.1");
    const seeThrough = await sharp({ create: { width: 1400, height: 1400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.4 } } }).png().toBuffer();
    const saved = await owner.post("/admin/settings.data", { intent: "artwork", uploadId: await uploadFile(owner, seeThrough, "art.png", "image") });
    expect(saved.status).toBe(200);
    const feed = await (await get("/podcast/feed.xml")).text();
    const href = /<itunes:image href="([^"]+)"\/>/.exec(feed)![1]!;
    expect(href).toMatch(/\/podcast\/artwork\/show-\d+\.png$/);
    const served = await sharp(Buffer.from(await (await get(new URL(href).pathname)).arrayBuffer())).metadata();
    expect([served.hasAlpha, served.channels]).toEqual([false, 3]);
  });
});
