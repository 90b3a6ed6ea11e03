import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MAX_AUDIO_UPLOAD_BYTES } from "~/adapters/uploads/staged-uploads.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { episodeBySlug, listEpisodes } from "~/modules/podcast/episodes.server";
import { chimeWav } from "~/modules/podcast/wav";
import { parseBuffer } from "music-metadata";
import { translatorFor } from "~/i18n/i18n";
import { resourcesFor } from "~/i18n/resources.server";
import { messagesFor } from "~/components/podcast/manage/episode-messages";
import { seedSampleContent } from "../../server/seed";
import { appOnS3Storage, appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people, PEOPLE_PASSWORD } from "../support/people";
import { decodeAnswer } from "../support/single-fetch";
import { m4aBytes } from "../support/m4a";
import { createUpload, mp3Bytes, pngBytes, sendBytes, uploadFile, uploadIdOf, uploadOffset } from "../support/tus";

// Uploading, editing and deleting episodes over HTTP as the owner does: the resumable upload, the
// episode form, the refusals, and the bad files (wrong type, renamed, empty, too large), on both databases.

describe.each(dialects)("episode uploads on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const dataDir = () => app.services.config.dataDir;
  const stagedFiles = () => (existsSync(path.join(dataDir(), "uploads")) ? readdirSync(path.join(dataDir(), "uploads")) : []);
  const audioObjects = () => readdirSync(path.join(dataDir(), "objects", "podcast", "audio")).sort();
  /** A real database failure on insert (a trigger), as a full disk or a lost connection would give. */
  const refuseEpisodeInserts = async (on: boolean) => {
    if (dialect === "sqlite") {
      await (on ? sql`create trigger refuse_episodes before insert on episodes begin select raise(abort, 'disk full'); end` : sql`drop trigger refuse_episodes`).execute(db());
    } else if (on) {
      await sql`create function refuse_episodes() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(db());
      await sql`create trigger refuse_episodes before insert on episodes for each row execute function refuse_episodes()`.execute(db());
    } else {
      await sql`drop function refuse_episodes() cascade`.execute(db());
    }
  };
  const episodeCount = async () => Number((await db().selectFrom("episodes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const audits = (action: string) => db().selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const send = async (session: HttpSession, fields: Record<string, string>, page = "/podcast") => {
    const response = await session.post(`${page}.data`, fields);
    return { status: response.status, answer: decodeAnswer(await response.text()) };
  };
  const create = (session: HttpSession, uploadId: string, title = "Reparations and Trade", extra: Record<string, string> = {}) =>
    send(session, { intent: "create", uploadId, title, description: "Show notes.", categories: "Pan-Africanism, Diaspora Economics", ...extra });

  describe("who may upload", () => {
    it("refuses anonymous visitors (401), readers (403, a high security event) and admins outside admin mode (403)", async () => {
      const anonymous = new HttpSession(app.url, "10.61.0.1");
      expect((await createUpload(anonymous, 10)).status).toBe(401);
      const reader = await signIn("reader@example.org", "10.61.0.2");
      expect((await createUpload(reader, 10)).status).toBe(403);
      const event = await db().selectFrom("security_events").selectAll().where("event_type", "=", "admin.refused.denied").orderBy("timestamp", "desc").executeTakeFirst();
      expect(event?.severity).toBe("high");
      expect(JSON.parse(event!.details)).toMatchObject({ resource: "podcast_upload" });
      const ownerNotVerified = await signIn("owner@example.org", "10.61.0.3");
      expect((await createUpload(ownerNotVerified, 10)).status).toBe(403);
      expect(stagedFiles()).toEqual([]);
    });

    it("refuses the episode form to non-admins before reading it, and writes nothing", async () => {
      const before = await episodeCount();
      expect((await send(new HttpSession(app.url, "10.61.1.1"), { intent: "delete", id: "x" })).status).toBe(401);
      expect((await send(await signIn("reader@example.org", "10.61.1.2"), { intent: "create", uploadId: "0".repeat(32), title: "t", description: "d" })).status).toBe(403);
      expect(await episodeCount()).toBe(before);
    });

    it("keeps each upload to the account that started it: another admin gets 404 and cannot use it", async () => {
      await createOrPromoteAdmin(app.services, { email: "cohost@example.org", password: PEOPLE_PASSWORD }, { userId: null, ip: "test", userAgent: null }, new Date());
      const owner = await adminInMode("10.61.2.1");
      const uploadId = await uploadFile(owner, mp3Bytes(3));
      const cohost = await signIn("cohost@example.org", "10.61.2.2");
      expect((await cohost.post("/admin-access", { intent: "verify" })).status).toBe(200);
      expect((await cohost.request(`/admin/uploads/${uploadId}`, { method: "HEAD", headers: { "tus-resumable": "1.0.0" } })).status).toBe(404);
      expect((await create(cohost, uploadId)).answer.errors).toEqual({ audio: "missing" });
      expect((await owner.request(`/admin/uploads/${uploadId}`, { method: "DELETE", headers: { "tus-resumable": "1.0.0" } })).status).toBe(204);
    });
  });

  describe("an upload that becomes an episode", () => {
    it("stores the audio under a random key, reads its duration, lists it first and serves it with Range", async () => {
      const owner = await adminInMode("10.62.0.1");
      const objectsBefore = audioObjects();
      const uploadId = await uploadFile(owner, mp3Bytes(65), "../../etc/My Episode!.mp3");
      const { status, answer } = await create(owner, uploadId, "Trade Justice Now");
      expect(status).toBe(200);
      expect(answer).toEqual({ ok: true, done: "uploaded", slug: "trade-justice-now" });
      const [first] = await listEpisodes(db(), "en");
      expect(first).toMatchObject({ slug: "trade-justice-now", title: "Trade Justice Now", description: "Show notes.", categories: ["Pan-Africanism", "Diaspora Economics"], listens: 0 });
      expect(first!.durationSeconds).toBe(65);
      const episode = (await episodeBySlug(db(), "trade-justice-now", "en"))!;
      expect(episode.audioType).toBe("audio/mpeg");
      expect(episode.audioKey).toMatch(/^podcast\/audio\/[0-9a-f-]{36}\.mp3$/);
      expect(audioObjects()).toHaveLength(objectsBefore.length + 1);
      expect(stagedFiles()).toEqual([]);
      const ranged = await fetch(new URL(episode.audioUrl, app.url), { headers: { range: "bytes=0-99" } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get("content-type")).toBe("audio/mpeg");
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(mp3Bytes(65).subarray(0, 100));
      const [audit] = await audits("podcast.episode_created");
      expect(JSON.parse(audit!.details)).toMatchObject({ slug: "trade-justice-now", title: "Trade Justice Now" });
      expect((await fetch(new URL("/podcast/trade-justice-now", app.url))).status).toBe(200);
    });

    it("turns a WAV into an MP3 whose enclosure has its length and duration, and a title already taken gets the next free slug", async () => {
      const owner = await adminInMode("10.62.1.1");
      const wav = chimeWav({ seconds: 2, notes: [440], sampleRate: 44_100 });
      expect((await create(owner, await uploadFile(owner, wav, "a.wav"), "Trade Justice Now")).answer.slug).toBe("trade-justice-now-2");
      const episode = (await episodeBySlug(db(), "trade-justice-now-2", "en"))!;
      expect(episode).toMatchObject({ audioType: "audio/mpeg", durationSeconds: 2 });
      expect(episode.audioKey).toMatch(/\.mp3$/);
      expect(stagedFiles()).toEqual([]);
      const served = Buffer.from(await (await fetch(new URL(episode.audioUrl, app.url))).arrayBuffer());
      expect(served.length).toBe(episode.audioSize);
      expect(served.length).toBeLessThan(wav.length / 2);
      const { format } = await parseBuffer(served, { mimeType: "audio/mpeg" }, { duration: true });
      expect([format.codec, format.bitrate, format.sampleRate]).toEqual(["MPEG 1 Layer 3", 128_000, 44_100]);
      const item = (await (await fetch(new URL("/podcast/feed.xml", app.url))).text()).split("<item>").find((text) => text.includes("/podcast/trade-justice-now-2<"))!;
      expect(item).toContain(`length="${episode.audioSize}" type="audio/mpeg"/>`);
      expect(item).toContain("<itunes:duration>00:00:02</itunes:duration>");
    });

    it("publishes an M4A as it is, as audio/x-m4a with its length and duration in the feed, served with Range", async () => {
      const owner = await adminInMode("10.62.1.5");
      const m4a = m4aBytes(7);
      const { status, answer } = await create(owner, await uploadFile(owner, m4a, "Interview.m4a"), "An Interview in AAC");
      expect([status, answer]).toEqual([200, { ok: true, done: "uploaded", slug: "an-interview-in-aac" }]);
      const episode = (await episodeBySlug(db(), "an-interview-in-aac", "en"))!;
      expect(episode).toMatchObject({ audioType: "audio/x-m4a", audioSize: m4a.length, durationSeconds: 7 });
      expect(episode.audioKey).toMatch(/^podcast\/audio\/[0-9a-f-]{36}\.m4a$/);
      const ranged = await fetch(new URL(episode.audioUrl, app.url), { headers: { range: "bytes=0-63" } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get("content-type")).toBe("audio/x-m4a");
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(m4a.subarray(0, 64));
      const item = (await (await fetch(new URL("/podcast/feed.xml", app.url))).text()).split("<item>").find((text) => text.includes("/podcast/an-interview-in-aac<"))!;
      expect(item).toMatch(new RegExp(`<enclosure url="[^"]+\\.m4a" length="${m4a.length}" type="audio/x-m4a"/>`));
      expect(item).toContain("<itunes:duration>00:00:07</itunes:duration>");
    });

    it("refuses a dangerous name such as tone.exe.wav with the security message, and stores nothing", async () => {
      const owner = await adminInMode("10.62.1.2");
      const objectsBefore = audioObjects();
      const refused = await create(owner, await uploadFile(owner, chimeWav({ seconds: 1, notes: [440] }), "tone.exe.wav"), "Dangerous");
      expect(refused).toEqual({ status: 415, answer: { ok: false, errors: { audio: "name" } } });
      const t = translatorFor("en", resourcesFor("en"));
      expect(messagesFor((key) => t(`podcast:${key}`), refused.answer.errors!).audio).toBe("File type not allowed for security reasons");
      expect(audioObjects()).toEqual(objectsBefore);
      expect(stagedFiles()).toEqual([]);
    });

    it("resumes an interrupted upload from the offset the server holds", async () => {
      const owner = await adminInMode("10.62.2.1");
      const bytes = mp3Bytes(20);
      const created = await createUpload(owner, bytes.length);
      const location = created.headers.get("location")!;
      const half = Math.floor(bytes.length / 2);
      expect((await sendBytes(owner, location, 0, bytes.subarray(0, half))).status).toBe(204);
      expect(await uploadOffset(owner, location)).toBe(half);
      // A PATCH at the wrong offset is refused (409): nothing is written twice.
      expect((await sendBytes(owner, location, 0, bytes.subarray(0, 10))).status).toBe(409);
      expect((await create(owner, uploadIdOf(location), "Half There")).answer.errors).toEqual({ audio: "incomplete" });
      expect((await sendBytes(owner, location, half, bytes.subarray(half))).status).toBe(204);
      expect((await create(owner, uploadIdOf(location), "Half There")).status).toBe(200);
      expect((await episodeBySlug(db(), "half-there", "en"))?.audioSize).toBe(bytes.length);
    });
  });

  describe("bad input", () => {
    it("refuses a PNG named .mp3 (415) and an empty file (422), removing the staged bytes and storing nothing", async () => {
      const owner = await adminInMode("10.63.0.1");
      const [objects, episodes] = [audioObjects(), await episodeCount()];
      const png = await create(owner, await uploadFile(owner, pngBytes(), "cover.mp3"));
      expect(png).toEqual({ status: 415, answer: { ok: false, errors: { audio: "type" } } });
      const empty = await create(owner, await uploadFile(owner, Buffer.alloc(0)));
      expect(empty).toEqual({ status: 422, answer: { ok: false, errors: { audio: "empty" } } });
      expect(stagedFiles()).toEqual([]);
      expect(audioObjects()).toEqual(objects);
      expect(await episodeCount()).toBe(episodes);
    });

    it("refuses a file over 500 MB when it is announced (413) and never stores it", async () => {
      const owner = await adminInMode("10.63.1.1");
      expect((await createUpload(owner, MAX_AUDIO_UPLOAD_BYTES + 1)).status).toBe(413);
      expect(stagedFiles()).toEqual([]);
    });

    it("refuses a 5,000-character title and a missing description (422) but keeps the upload for a second try", async () => {
      const owner = await adminInMode("10.63.2.1");
      const uploadId = await uploadFile(owner, mp3Bytes(3));
      const long = await send(owner, { intent: "create", uploadId, title: "x".repeat(5000), description: "" });
      expect(long).toEqual({ status: 422, answer: { ok: false, errors: { title: "tooLong", description: "required" } } });
      const missing = await send(owner, { intent: "create", title: "No File", description: "d" });
      expect(missing.answer.errors).toEqual({ audio: "required" });
      expect((await create(owner, uploadId, "Second Try")).status).toBe(200);
    });

    it("cancelling an upload removes what arrived", async () => {
      const owner = await adminInMode("10.63.3.1");
      const location = (await createUpload(owner, 1000)).headers.get("location")!;
      await sendBytes(owner, location, 0, mp3Bytes(1).subarray(0, 400));
      expect(stagedFiles().length).toBeGreaterThan(0);
      expect((await owner.request(location, { method: "DELETE", headers: { "tus-resumable": "1.0.0" } })).status).toBe(204);
      expect(stagedFiles()).toEqual([]);
    });

    it("removes an upload abandoned for over a day, and only that one", async () => {
      const owner = await adminInMode("10.63.4.1");
      const old = uploadIdOf((await createUpload(owner, 1000)).headers.get("location")!);
      const fresh = uploadIdOf((await createUpload(owner, 1000)).headers.get("location")!);
      const info = path.join(dataDir(), "uploads", `${old}.json`);
      const upload = JSON.parse(readFileSync(info, "utf8")) as { creation_date: string };
      writeFileSync(info, JSON.stringify({ ...upload, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
      expect(await app.services.uploads.removeExpired()).toBe(1);
      expect(stagedFiles().sort()).toEqual([fresh, `${fresh}.json`].sort());
      await owner.request(`/admin/uploads/${fresh}`, { method: "DELETE", headers: { "tus-resumable": "1.0.0" } });
    });

    it("a database failure while saving leaves no stored audio and keeps the upload", async () => {
      const owner = await adminInMode("10.63.5.1");
      const uploadId = await uploadFile(owner, mp3Bytes(3));
      const objects = audioObjects();
      await refuseEpisodeInserts(true);
      try {
        expect((await create(owner, uploadId, "Doomed")).status).toBe(500);
      } finally {
        await refuseEpisodeInserts(false);
      }
      expect(audioObjects()).toEqual(objects);
      expect(await audits("podcast.episode_created")).not.toContainEqual(expect.objectContaining({ details: expect.stringContaining("Doomed") }));
      expect((await create(owner, uploadId, "Not Doomed")).status).toBe(200);
    });
  });

  describe("edit and delete", () => {
    it("edits text and categories, keeps the slug, and edits the Spanish text on the Spanish page only", async () => {
      const owner = await adminInMode("10.64.0.1");
      const episode = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
      const edited = await send(owner, { intent: "update", id: episode.id, title: "Legacy of MLK, Revisited", description: "New notes.", categories: "Legacy of MLK" });
      expect(edited).toEqual({ status: 200, answer: { ok: true, done: "updated" } });
      expect(await episodeBySlug(db(), "legacy-of-mlk", "en")).toMatchObject({ title: "Legacy of MLK, Revisited", description: "New notes.", categories: ["Legacy of MLK"], audioKey: episode.audioKey });
      const spanishBefore = (await episodeBySlug(db(), "legacy-of-mlk", "es"))!;
      expect(spanishBefore.title).not.toBe("Legacy of MLK, Revisited");
      await send(owner, { intent: "update", id: episode.id, title: "El legado de MLK", description: "Notas.", categories: "Legacy of MLK" }, "/es/podcast");
      expect((await episodeBySlug(db(), "legacy-of-mlk", "es"))?.title).toBe("El legado de MLK");
      expect((await episodeBySlug(db(), "legacy-of-mlk", "en"))?.title).toBe("Legacy of MLK, Revisited");
      expect(await audits("podcast.episode_updated")).toHaveLength(2);
    });

    it("replaces the audio: the new file is served and the old object removed", async () => {
      const owner = await adminInMode("10.64.1.1");
      const episode = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
      const uploadId = await uploadFile(owner, mp3Bytes(7));
      expect((await send(owner, { intent: "update", id: episode.id, uploadId, title: episode.title, description: episode.description, categories: "" })).status).toBe(200);
      const after = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
      expect(after).toMatchObject({ audioType: "audio/mpeg", durationSeconds: 7, guid: episode.guid });
      expect(audioObjects()).not.toContain(path.basename(episode.audioKey));
      expect((await fetch(new URL(episode.audioUrl, app.url))).status).toBe(404);
      expect((await fetch(new URL(after.audioUrl, app.url))).status).toBe(200);
    });

    it("deletes the row, its translations and listens, and its audio; a second delete is 404", async () => {
      const owner = await adminInMode("10.64.2.1");
      const episode = (await episodeBySlug(db(), "trade-justice-now", "en"))!;
      expect((await send(owner, { intent: "delete", id: episode.id })).answer).toEqual({ ok: true, done: "deleted" });
      expect(await episodeBySlug(db(), "trade-justice-now", "en")).toBeNull();
      expect(await db().selectFrom("episode_translations").selectAll().where("episode_id", "=", episode.id).execute()).toEqual([]);
      expect(audioObjects()).not.toContain(path.basename(episode.audioKey));
      expect((await fetch(new URL("/podcast/trade-justice-now", app.url))).status).toBe(404);
      expect((await send(owner, { intent: "delete", id: episode.id })).status).toBe(404);
      expect(await audits("podcast.episode_deleted")).toHaveLength(1);
    });

    it("a deleted sample episode is not seeded again at the next start", async () => {
      const owner = await adminInMode("10.64.3.1");
      const sample = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
      expect((await send(owner, { intent: "delete", id: sample.id })).status).toBe(200);
      expect((await seedSampleContent(db(), app.services.storage, new Date())).episodes).toBe(0);
      expect(await episodeBySlug(db(), "legacy-of-mlk", "en")).toBeNull();
    });
  });
});

describe("episode uploads with S3-compatible storage", () => {
  const app = appOnS3Storage();
  const { adminInMode } = people(app);

  it("stores the upload in the bucket, serves it with Range from there, and removes it on delete", async () => {
    expect(app.services.storage.kind).toBe("s3");
    const owner = await adminInMode("10.65.0.1");
    const bytes = mp3Bytes(12);
    const created = await owner.post("/podcast.data", { intent: "create", uploadId: await uploadFile(owner, bytes), title: "From the Bucket", description: "d", categories: "" });
    expect(created.status).toBe(200);
    const episode = (await episodeBySlug(app.services.db, "from-the-bucket", "en"))!;
    expect(await app.services.storage.head(episode.audioKey)).toMatchObject({ size: bytes.length, contentType: "audio/mpeg" });
    const ranged = await fetch(new URL(episode.audioUrl, app.url), { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    expect((await owner.post("/podcast.data", { intent: "delete", id: episode.id })).status).toBe(200);
    expect(await app.services.storage.exists(episode.audioKey)).toBe(false);
  });
});
