import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { createS3Client } from "~/adapters/storage/s3-storage.server";
import { createStagedUploads } from "~/adapters/uploads/staged-uploads.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { chimeWav } from "~/modules/podcast/wav";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import { appOnS3Storage } from "../support/app-server";
import { people, PEOPLE_PASSWORD } from "../support/people";
import { decodeAnswer } from "../support/single-fetch";
import { createUpload, mp3Bytes, sendBytes, uploadIdOf, uploadOffset } from "../support/tus";

// With S3_* set, resumable uploads wait in the bucket (staged-uploads/<id>/…), not on the disk of the
// process that took them: another process sharing the bucket sees how far one got, continues it and
// uses it. Sizes per purpose, the owner check, cancelling and the daily expiry work as on disk.

const TUS = { "tus-resumable": "1.0.0" };

describe("resumable uploads staged in S3-compatible storage", () => {
  const app = appOnS3Storage();
  const { signIn, adminInMode } = people(app);
  const s3 = () => app.services.config.s3!;
  const stagedKeys = async () => {
    const client = createS3Client(s3());
    try {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3().bucket, Prefix: "staged-uploads/" }));
      return (page.Contents ?? []).map((item) => item.Key!);
    } finally {
      client.destroy();
    }
  };
  /** What a second instance (another DATA_DIR, the same bucket) makes of the same uploads. */
  const otherInstance = () => createStagedUploads({ dataDir: mkdtempSync(path.join(tmpdir(), "other-instance-")), s3: s3() });
  const createEpisode = async (session: Awaited<ReturnType<typeof adminInMode>>, uploadId: string, title: string) => {
    const response = await session.post("/podcast.data", { intent: "create", uploadId, title, description: "Show notes.", categories: "Pan-Africanism" });
    return { status: response.status, answer: decodeAnswer(await response.text()) as { ok?: boolean; slug?: string; errors?: unknown } };
  };

  it("keeps the pieces in the bucket, where another instance finds the offset and the whole file", async () => {
    expect(app.services.uploads.kind).toBe("s3");
    const owner = await adminInMode("10.91.0.1");
    const bytes = mp3Bytes(3);
    const created = await createUpload(owner, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const id = uploadIdOf(location);
    expect((await sendBytes(owner, location, 0, bytes.subarray(0, 1000))).status).toBe(204);
    expect((await sendBytes(owner, location, 1000, bytes.subarray(1000, 5000))).status).toBe(204);
    expect(await uploadOffset(owner, location)).toBe(5000);
    expect((await sendBytes(owner, location, 4000, bytes.subarray(4000))).status).toBe(409);
    expect((await stagedKeys()).sort()).toEqual([
      `staged-uploads/${id}/000000000000-000000001000`,
      `staged-uploads/${id}/000000001000-000000005000`,
      `staged-uploads/${id}/upload.json`,
    ]);

    // A range resent after a timeout, already taken by another instance, overlaps what is there: the same bytes.
    const client = createS3Client(s3());
    await client.send(new PutObjectCommand({ Bucket: s3().bucket, Key: `staged-uploads/${id}/000000000500-000000003000`, Body: bytes.subarray(500, 3000) }));
    client.destroy();

    const other = await otherInstance();
    try {
      expect(await other.find(id)).toMatchObject({ offset: 5000, size: bytes.length, complete: false, purpose: "audio", fileName: "episode.mp3" });
      expect((await sendBytes(owner, location, 5000, bytes.subarray(5000))).status).toBe(204);
      const finished = (await other.find(id))!;
      expect(finished.complete).toBe(true);
      const { readFile } = await import("node:fs/promises");
      expect(Buffer.compare(await readFile(await other.fileOf(finished)), bytes)).toBe(0);
    } finally {
      other.close();
    }

    const episode = await createEpisode(owner, id, "Staged In The Bucket");
    expect(episode.status).toBe(200);
    const stored = await episodeBySlug(app.services.db, "staged-in-the-bucket", "en");
    expect(stored).toMatchObject({ audioType: "audio/mpeg", audioSize: bytes.length });
    expect(await stagedKeys()).toEqual([]);
  });

  it("converts a WAV staged in the bucket to MP3", async () => {
    const owner = await adminInMode("10.91.1.1");
    const wav = chimeWav({ seconds: 2, notes: [440], sampleRate: 44_100 });
    const location = (await createUpload(owner, wav.length, "chime.wav")).headers.get("location")!;
    // Pieces of the browser's kind and a last short one.
    for (let offset = 0; offset < wav.length; offset += 60_000) {
      expect((await sendBytes(owner, location, offset, wav.subarray(offset, offset + 60_000))).status).toBe(204);
    }
    expect((await createEpisode(owner, uploadIdOf(location), "A Chime From The Bucket")).status).toBe(200);
    expect((await episodeBySlug(app.services.db, "a-chime-from-the-bucket", "en"))?.audioType).toBe("audio/mpeg");
  });

  it("keeps each upload to its account (404 for another admin) and each purpose to its size", async () => {
    await createOrPromoteAdmin(app.services, { email: "cohost@example.org", password: PEOPLE_PASSWORD }, { userId: null, ip: "test", userAgent: null }, new Date());
    const owner = await adminInMode("10.91.2.1");
    const location = (await createUpload(owner, 100)).headers.get("location")!;
    const cohost = await signIn("cohost@example.org", "10.91.2.2");
    expect((await cohost.post("/admin-access", { intent: "verify" })).status).toBe(200);
    expect((await cohost.request(location, { method: "HEAD", headers: TUS })).status).toBe(404);
    expect((await sendBytes(cohost, location, 0, Buffer.alloc(100))).status).toBe(404);
    expect((await createUpload(owner, MAX_GENERAL_UPLOAD_BYTES + 1, "cover.png", "image")).status).toBe(413);
    // Cancelling removes what arrived.
    expect((await sendBytes(owner, location, 0, Buffer.alloc(40))).status).toBe(204);
    expect((await owner.request(location, { method: "DELETE", headers: TUS })).status).toBe(204);
    expect(await stagedKeys()).toEqual([]);
  });

  it("removes an upload abandoned for over a day, and only that one", async () => {
    const owner = await adminInMode("10.91.3.1");
    const old = uploadIdOf((await createUpload(owner, 1000)).headers.get("location")!);
    expect(await app.services.uploads.removeExpired()).toBe(0);
    expect(await app.services.uploads.find(old)).not.toBeNull();
    // A day later by the app's clock (this test comes last: sessions and admin mode end too).
    app.clock.advance(25 * 60 * 60 * 1000);
    expect(await app.services.uploads.removeExpired()).toBe(1);
    expect(await app.services.uploads.find(old)).toBeNull();
    expect(await stagedKeys()).toEqual([]);
  });
});
