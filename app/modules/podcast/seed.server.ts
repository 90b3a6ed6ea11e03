import { encodeWavBytesToMp3 } from "~/adapters/audio/mp3-encoder.server";
import type { Db } from "~/adapters/db/database.server";
import type { ObjectStorage } from "~/adapters/storage/contract";
import { newObjectKey } from "~/adapters/storage/keys";
import { AUDIO_PREFIX, insertEpisodeIfSlugFree } from "./episodes.server";
import { SAMPLE_EPISODES, type SampleEpisode } from "./sample-episodes";
import { slugify } from "~/lib/slug";
import { chimeWav } from "./wav";

/** Audio keys are random and never overwritten, so a copy may be kept for a year. */
export const AUDIO_CACHE_CONTROL = "public, max-age=31536000, immutable";
const MP3_TYPE = "audio/mpeg";
/** The samples' chimes are drawn at CD rate, the rate podcast apps expect of an MP3. */
const SAMPLE_RATE = 44_100;
/** Earlier installs seeded the chimes as 16 kHz WAV files of exactly this size. */
const legacySampleWavBytes = (sample: SampleEpisode) => 44 + sample.seconds * 16_000 * 2;

type Row = { id: string; audio_key: string; audio_type: string; audio_size: number | string };

/**
 * The eight sample episodes, each with a generated chime stored through `storage` as MP3. An episode
 * whose slug exists is left alone (nothing the owner changed is overwritten), except that a sample
 * still holding the WAV chime of an earlier install gets the MP3 one (the row is changed only if its
 * audio is still that chime, so an upload the owner made meanwhile wins), and the chime is written
 * again if the storage lost it (a new DATA_DIR with the same PostgreSQL database). Safe to run at
 * every start and in several processes at once: the slug decides, and the loser's object is deleted.
 * With `addMissing` false (after the first start) a sample the owner deleted is not added back.
 * Returns how many episodes were added.
 */
export async function seedEpisodes(db: Db, storage: ObjectStorage, now: Date, { addMissing = true } = {}): Promise<number> {
  let added = 0;
  const sampleAudio = lazySampleAudio();
  for (const sample of SAMPLE_EPISODES) {
    const slug = slugify(sample.text.en.title);
    const existing = await db.selectFrom("episodes").select(["id", "audio_key", "audio_type", "audio_size"]).where("slug", "=", slug).executeTakeFirst();
    if (existing) {
      await keepSampleAudio(db, storage, sampleAudio, sample, existing, now);
      continue;
    }
    if (!addMissing) continue;
    const audio = await sampleAudio(sample);
    const audioKey = newObjectKey(AUDIO_PREFIX, "mp3");
    await storage.put(audioKey, audio, { contentType: MP3_TYPE, cacheControl: AUDIO_CACHE_CONTROL });
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
          audioType: MP3_TYPE,
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

/** Turns an earlier install's WAV chime into the MP3 one, and writes the chime again where the storage lost it. */
async function keepSampleAudio(db: Db, storage: ObjectStorage, sampleAudio: SampleAudio, sample: SampleEpisode, row: Row, now: Date): Promise<void> {
  const ours = row.audio_key.startsWith(`${AUDIO_PREFIX}/`);
  if (ours && row.audio_type === "audio/wav" && Number(row.audio_size) === legacySampleWavBytes(sample)) {
    const audio = await sampleAudio(sample);
    const audioKey = newObjectKey(AUDIO_PREFIX, "mp3");
    await storage.put(audioKey, audio, { contentType: MP3_TYPE, cacheControl: AUDIO_CACHE_CONTROL });
    const result = await db
      .updateTable("episodes")
      .set({ audio_key: audioKey, audio_size: audio.length, audio_type: MP3_TYPE, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("audio_key", "=", row.audio_key)
      .executeTakeFirst();
    // Another process converted it first, or the owner replaced it: this copy is not needed.
    await storage.delete(Number(result.numUpdatedRows) > 0 ? row.audio_key : audioKey).catch(() => undefined);
    return;
  }
  if (!ours || row.audio_type !== MP3_TYPE || (await storage.exists(row.audio_key))) return;
  const audio = await sampleAudio(sample);
  // Only the chime's own bytes are written back; an upload of the owner's that was lost stays lost.
  if (audio.length === Number(row.audio_size))
    await storage.put(row.audio_key, audio, { contentType: MP3_TYPE, cacheControl: AUDIO_CACHE_CONTROL });
}

type SampleAudio = (sample: SampleEpisode) => Promise<Buffer>;

/**
 * The generated audio of a sample episode, as MP3: same sample, same bytes. All eight are encoded
 * together the first time one is asked for (one worker, the encoder loaded once), and only then.
 */
function lazySampleAudio(): SampleAudio {
  let all: Promise<Buffer[]> | undefined;
  return async (sample) => {
    all ??= encodeWavBytesToMp3(SAMPLE_EPISODES.map(({ seconds, notes }) => chimeWav({ seconds, notes, sampleRate: SAMPLE_RATE })));
    return (await all)[SAMPLE_EPISODES.indexOf(sample)]!;
  };
}
