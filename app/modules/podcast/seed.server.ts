import type { Db } from "~/adapters/db/database.server";
import type { ObjectStorage } from "~/adapters/storage/contract";
import { newObjectKey } from "~/adapters/storage/keys";
import { AUDIO_PREFIX, insertEpisodeIfSlugFree } from "./episodes.server";
import { SAMPLE_EPISODES, type SampleEpisode } from "./sample-episodes";
import { slugify } from "~/lib/slug";
import { chimeWav } from "./wav";

/** Audio keys are random and never overwritten, so a copy may be kept for a year. */
export const AUDIO_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * The eight sample episodes, each with a generated chime stored through `storage`. An episode whose
 * slug exists is left alone (nothing the owner changed is overwritten), except that its audio is
 * written again if the storage lost it (a new DATA_DIR with the same PostgreSQL database). Safe to
 * run at every start and in several processes at once: the slug decides, and the loser's object is
 * deleted. With `addMissing` false (after the first start) a sample the owner deleted is not added
 * back. Returns how many episodes were added.
 */
export async function seedEpisodes(db: Db, storage: ObjectStorage, now: Date, { addMissing = true } = {}): Promise<number> {
  let added = 0;
  for (const sample of SAMPLE_EPISODES) {
    const slug = slugify(sample.text.en.title);
    const existing = await db.selectFrom("episodes").select("audio_key").where("slug", "=", slug).executeTakeFirst();
    if (existing) {
      if (existing.audio_key.startsWith(`${AUDIO_PREFIX}/`) && existing.audio_key.endsWith(".wav") && !(await storage.exists(existing.audio_key))) {
        await storage.put(existing.audio_key, sampleAudio(sample), { contentType: "audio/wav", cacheControl: AUDIO_CACHE_CONTROL });
      }
      continue;
    }
    if (!addMissing) continue;
    const audio = sampleAudio(sample);
    const audioKey = newObjectKey(AUDIO_PREFIX, "wav");
    await storage.put(audioKey, audio, { contentType: "audio/wav", cacheControl: AUDIO_CACHE_CONTROL });
    let inserted = false;
    try {
      inserted = await insertEpisodeIfSlugFree(
        db,
        slug,
        {
          text: sample.text,
          durationSeconds: sample.seconds,
          publishedAt: sample.publishedAt,
          categories: sample.categories,
          listens: sample.listens,
          audioKey,
          audioSize: audio.length,
          audioType: "audio/wav",
          transcript: sample.transcript ?? null,
        },
        now,
      );
    } finally {
      if (!inserted) await storage.delete(audioKey);
    }
    if (inserted) added++;
  }
  return added;
}

/** The generated audio of a sample episode: same sample, same bytes. */
export function sampleAudio(sample: SampleEpisode): Buffer {
  return chimeWav({ seconds: sample.seconds, notes: sample.notes });
}
