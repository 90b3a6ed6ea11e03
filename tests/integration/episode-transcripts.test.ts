import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import type { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { decodeAnswer } from "../support/single-fetch";
import { createUpload, mp3Bytes, uploadFile } from "../support/tus";

// Transcripts and chapters as the owner adds them in the episode dialog: uploaded, checked, served on
// their public addresses with their types, announced in the feed, refused whole when a file is wrong.

const VTT = "WEBVTT\n\n00:00.000 --> 00:05.000\n<v Amara>Welcome to the show.\n\n00:05.000 --> 01:04.000\nToday, the AfCFTA &amp; you.\n";
const SRT = "1\n00:00:00,000 --> 00:00:04,000\nHello from SubRip.\n";
const CHAPTERS = JSON.stringify({ version: "1.2.0", chapters: [{ startTime: 0, title: "Welcome" }, { startTime: 30, title: "The AfCFTA", url: "https://au-afcfta.org/" }] });
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["item", "podcast:transcript"].includes(name) });

describe.each(dialects)("episode transcripts and chapters on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const db = () => app.services.db;
  const get = (url: string) => fetch(new URL(url, app.url));
  const stagedFiles = () => {
    const folder = path.join(app.services.config.dataDir, "uploads");
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const send = async (session: HttpSession, fields: Record<string, string>) => {
    const response = await session.post("/podcast.data", fields);
    return { status: response.status, answer: decodeAnswer(await response.text()) };
  };
  const text = (session: HttpSession, content: string | Buffer, name: string, purpose: "transcript" | "chapters") =>
    uploadFile(session, Buffer.isBuffer(content) ? content : Buffer.from(content), name, purpose);
  const feedItem = async (slug: string) => {
    const xml = await (await get("/podcast/feed.xml")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const rss = parser.parse(xml).rss;
    expect(rss["@xmlns:podcast"]).toBe("https://podcastindex.org/namespace/1.0");
    return (rss.channel.item as Record<string, any>[]).find((item) => item.link === `${app.services.config.appUrl}/podcast/${slug}`)!; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const episodeFields = { title: "Trade Talk", description: "Show notes.", categories: "" };

  it("creates an episode with a WebVTT transcript and chapters, serves both and announces them in the feed", async () => {
    const owner = await adminInMode("10.71.0.1");
    const created = await send(owner, {
      intent: "create",
      uploadId: await uploadFile(owner, mp3Bytes(65)),
      transcriptUploadId: await text(owner, VTT, "talk.vtt", "transcript"),
      chaptersUploadId: await text(owner, CHAPTERS, "chapters.json", "chapters"),
      ...episodeFields,
    });
    expect(created).toEqual({ status: 200, answer: { ok: true, done: "uploaded", slug: "trade-talk" } });
    expect(stagedFiles()).toEqual([]);

    const vtt = await get("/podcast/trade-talk/transcript.vtt");
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await vtt.text()).toBe(VTT);
    expect((await get("/podcast/trade-talk/transcript.srt")).status).toBe(404);
    const chapters = await get("/podcast/trade-talk/chapters.json");
    expect(chapters.headers.get("content-type")).toBe("application/json+chapters");
    expect(await chapters.json()).toEqual(JSON.parse(CHAPTERS));
    const plain = await get("/podcast/trade-talk/transcript.txt");
    expect(await plain.text()).toBe("Amara: Welcome to the show.\nToday, the AfCFTA & you.");

    const item = await feedItem("trade-talk");
    const appUrl = app.services.config.appUrl;
    expect(item["podcast:transcript"]).toEqual([
      { "@url": `${appUrl}/podcast/trade-talk/transcript.vtt`, "@type": "text/vtt", "@language": "en" },
      { "@url": `${appUrl}/podcast/trade-talk/transcript.txt`, "@type": "text/plain", "@language": "en" },
    ]);
    expect(item["podcast:chapters"]).toEqual({ "@url": `${appUrl}/podcast/trade-talk/chapters.json`, "@type": "application/json+chapters" });

    const page = await (await get("/podcast/trade-talk")).text();
    expect(page.includes("The AfCFTA")).toBe(true);
    expect(page.includes("Welcome to the show.")).toBe(true);
    const audit = await db().selectFrom("audit_log").select("details").where("action", "=", "podcast.episode_created").orderBy("timestamp", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ slug: "trade-talk", transcript: "added", chapters: "added" });
  });

  it("replaces the transcript with SubRip and removes the chapters, audited, and the stored pages change", async () => {
    const owner = await adminInMode("10.71.1.1");
    await get("/podcast/trade-talk");
    expect((await get("/podcast/trade-talk")).headers.get("x-page-cache")).toBe("hit");
    const episode = (await episodeBySlug(db(), "trade-talk", "en"))!;
    const edited = await send(owner, { intent: "update", id: episode.id, transcriptUploadId: await text(owner, SRT, "talk.srt", "transcript"), removeChapters: "on", ...episodeFields });
    expect(edited).toEqual({ status: 200, answer: { ok: true, done: "updated" } });
    const srt = await get("/podcast/trade-talk/transcript.srt");
    expect(srt.headers.get("content-type")).toBe("application/x-subrip; charset=utf-8");
    expect(await srt.text()).toBe(SRT);
    expect((await get("/podcast/trade-talk/transcript.vtt")).status).toBe(404);
    expect((await get("/podcast/trade-talk/chapters.json")).status).toBe(404);
    const item = await feedItem("trade-talk");
    expect(item["podcast:transcript"][0]).toMatchObject({ "@type": "application/x-subrip" });
    expect(item["podcast:chapters"]).toBeUndefined();
    // The page stored by the cache with the chapters on it was forgotten when they were removed.
    expect((await (await get("/podcast/trade-talk")).text()).includes("The AfCFTA")).toBe(false);
    const audit = await db().selectFrom("audit_log").select("details").where("action", "=", "podcast.episode_updated").orderBy("timestamp", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ transcript: "added", chapters: "removed" });

    expect((await send(owner, { intent: "update", id: episode.id, removeTranscript: "on", ...episodeFields })).status).toBe(200);
    expect((await get("/podcast/trade-talk/transcript.srt")).status).toBe(404);
    expect((await get("/podcast/trade-talk/transcript.txt")).status).toBe(404);
    expect((await feedItem("trade-talk"))["podcast:transcript"]).toBeUndefined();
  });

  it("refuses a bad file with the line or chapter at fault and writes nothing, keeping the audio upload for a second try", async () => {
    const owner = await adminInMode("10.71.2.1");
    const uploadId = await uploadFile(owner, mp3Bytes(10));
    const late = "WEBVTT\n\n00:01.000 --> 00:02.000\nIn time.\n\n00:05.000 --> 00:30.000\nToo late.\n";
    const refusedTranscript = await send(owner, { intent: "create", uploadId, transcriptUploadId: await text(owner, late, "late.vtt", "transcript"), ...episodeFields, title: "Short One" });
    expect(refusedTranscript).toEqual({ status: 422, answer: { ok: false, errors: { transcript: "beyond", transcriptAt: "6" } } });
    const untitled = JSON.stringify({ version: "1.2.0", chapters: [{ startTime: 0, title: "Start" }, { startTime: 4, title: "" }] });
    const refusedChapters = await send(owner, { intent: "create", uploadId, chaptersUploadId: await text(owner, untitled, "c.json", "chapters"), ...episodeFields, title: "Short One" });
    expect(refusedChapters.answer.errors).toEqual({ chapters: "title", chaptersAt: "2" });
    const latin1 = Buffer.from("1\n00:00:00,000 --> 00:00:02,000\nCaf\xe9\n", "latin1");
    expect((await send(owner, { intent: "create", uploadId, transcriptUploadId: await text(owner, latin1, "l.srt", "transcript"), ...episodeFields })).answer.errors).toEqual({ transcript: "encoding" });
    expect(await episodeBySlug(db(), "short-one", "en")).toBeNull();
    // Only the audio upload is left: each refused file was removed.
    expect(stagedFiles().filter((name) => !name.endsWith(".json"))).toEqual([uploadId]);
    expect((await send(owner, { intent: "create", uploadId, ...episodeFields, title: "Short One" })).status).toBe(200);
  });

  it("bounds each file at 1 MB before reading it, whatever it was sent as", async () => {
    const owner = await adminInMode("10.71.3.1");
    expect((await createUpload(owner, 1024 * 1024 + 1, "huge.vtt", "transcript")).status).toBe(413);
    const big = await uploadFile(owner, Buffer.alloc(1024 * 1024 + 1, "a"), "big.vtt", "audio");
    const episode = (await episodeBySlug(db(), "short-one", "en"))!;
    expect((await send(owner, { intent: "update", id: episode.id, transcriptUploadId: big, ...episodeFields })).answer.errors).toEqual({ transcript: "tooLarge" });
    expect((await send(owner, { intent: "update", id: episode.id, chaptersUploadId: "not-an-upload", ...episodeFields })).answer.errors).toEqual({ chapters: "missing" });
  });

  it("refuses shorter audio that would leave the kept chapters past its end", async () => {
    const owner = await adminInMode("10.71.4.1");
    const episode = (await episodeBySlug(db(), "short-one", "en"))!;
    const chapters = JSON.stringify({ version: "1.2.0", chapters: [{ startTime: 0, title: "A" }, { startTime: 9, title: "B" }] });
    expect((await send(owner, { intent: "update", id: episode.id, chaptersUploadId: await text(owner, chapters, "c.json", "chapters"), ...episodeFields })).status).toBe(200);
    const shorter = await send(owner, { intent: "update", id: episode.id, uploadId: await uploadFile(owner, mp3Bytes(5)), ...episodeFields });
    expect(shorter).toEqual({ status: 422, answer: { ok: false, errors: { chapters: "keptBeyond" } } });
    expect((await episodeBySlug(db(), "short-one", "en"))?.audioKey).toBe(episode.audioKey);
  });
});
