import { describe, expect, it } from "vitest";
import { newObjectKey } from "~/adapters/storage/keys";
import { createEpisode, episodeBySlug } from "~/modules/podcast/episodes.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";

// Listens over real HTTP as podcast apps ask for audio: only a request that could play a minute counts.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
/** Ten minutes in 600,000 bytes: a minute is 60,000 bytes. */
const SIZE = 600_000;

describe.each(dialects)("the listen rule over HTTP on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const db = () => app.services.db;

  async function tenMinuteEpisode(title: string) {
    const audioKey = newObjectKey("podcast/audio", "mp3");
    await app.services.storage.put(audioKey, Buffer.alloc(SIZE, 7), { contentType: "audio/mpeg" });
    const slug = await createEpisode(
      db(),
      { text: { en: { title, description: "Ten minutes." } }, durationSeconds: 600, publishedAt: "2026-01-01T00:00:00.000Z", categories: [], audioKey, audioSize: SIZE, audioType: "audio/mpeg" },
      app.clock.now(),
    );
    const url = new URL(`/podcast/audio/${audioKey.split("/").pop()}`, app.url);
    const listens = async () => (await episodeBySlug(db(), slug, "en"))!.listens;
    const fetchAudio = async (ip: string, range?: string) => {
      const response = await fetch(url, { headers: { "x-forwarded-for": ip, "user-agent": BROWSER, ...(range ? { range } : {}) } });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    };
    return { listens, fetchAudio };
  }

  it("does not count a 1-byte probe nor a range short of a minute", async () => {
    const { listens, fetchAudio } = await tenMinuteEpisode("Probed");
    expect(await fetchAudio("10.50.0.1", "bytes=0-0")).toEqual({ status: 206, bytes: 1 });
    expect(await fetchAudio("10.50.0.1", "bytes=0-1")).toEqual({ status: 206, bytes: 2 });
    expect(await fetchAudio("10.50.0.1", "bytes=0-59998")).toEqual({ status: 206, bytes: 59_999 });
    expect(await fetchAudio("10.50.0.1", `bytes=-59999`)).toEqual({ status: 206, bytes: 59_999 });
    expect(await listens()).toBe(0);
  });

  it("counts a range that covers a minute once, wherever it starts", async () => {
    const { listens, fetchAudio } = await tenMinuteEpisode("Ranged");
    expect(await fetchAudio("10.50.1.1", "bytes=120000-179999")).toEqual({ status: 206, bytes: 60_000 });
    expect(await listens()).toBe(1);
    expect(await fetchAudio("10.50.1.1", "bytes=0-")).toEqual({ status: 206, bytes: SIZE });
    expect(await listens()).toBe(1);
  });

  it("counts a whole download", async () => {
    const { listens, fetchAudio } = await tenMinuteEpisode("Downloaded");
    expect(await fetchAudio("10.50.2.1")).toEqual({ status: 200, bytes: SIZE });
    expect(await listens()).toBe(1);
  });
});
