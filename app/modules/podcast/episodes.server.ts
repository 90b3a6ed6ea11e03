import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import type { Database, EpisodesTable } from "~/adapters/db/schema";
import type { Language } from "~/i18n/languages";
import type { EpisodeCard } from "./episode-card";
import type { EpisodeAudio } from "./listen-rule";
import type { EpisodeText } from "./sample-episodes";
import { slugify, uniqueSlug } from "~/lib/slug";
import type { TranscriptFormat } from "./timed-transcript";

const SOURCE_LANGUAGE = "en";
/** Audio objects live under this storage prefix and are served at /podcast/audio/<last segment>. */
export const AUDIO_PREFIX = "podcast/audio";

export interface Episode extends EpisodeCard {
  guid: string;
  transcript: string | null;
  /** The format of the timed transcript (WebVTT or SubRip), null when there is none. */
  transcriptFormat: TranscriptFormat | null;
  hasChapters: boolean;
  audioKey: string;
  audioSize: number;
  audioType: string;
  /** False when the reader's language has no translation and the English text is shown. */
  translated: boolean;
}

/** The public path of an audio object: /podcast/audio/<uuid>.<ext>. */
export function audioPath(audioKey: string): string {
  return `/podcast/audio/${audioKey.slice(AUDIO_PREFIX.length + 1)}`;
}

/** The storage key behind /podcast/audio/<file>, or null for a name no key of ours can have. */
export function audioKeyOf(file: string): string | null {
  return /^[a-z0-9][a-z0-9-]{0,80}\.[a-z0-9]{1,10}$/.test(file) ? `${AUDIO_PREFIX}/${file}` : null;
}

/** Episodes with the reader's translation where it exists, English otherwise. */
function localized(db: Db, language: Language) {
  return db
    .selectFrom("episodes as p")
    .innerJoin("episode_translations as e", (join) => join.onRef("e.episode_id", "=", "p.id").on("e.language", "=", SOURCE_LANGUAGE))
    .leftJoin("episode_translations as t", (join) => join.onRef("t.episode_id", "=", "p.id").on("t.language", "=", language));
}

type LocalizedBuilder = ExpressionBuilder<
  Database & { p: Database["episodes"]; e: Database["episode_translations"]; t: Database["episode_translations"] },
  "p" | "e" | "t"
>;

/** What a card shows: whether there is a transcript, not the transcript (an hour's is some 50 KB, a list holds every episode). */
const cardColumns = (eb: LocalizedBuilder) => [
  "p.id" as const,
  "p.slug" as const,
  "p.duration_seconds" as const,
  "p.published_at" as const,
  "p.image" as const,
  "p.categories" as const,
  "p.listens" as const,
  "p.audio_key" as const,
  "p.transcript_format" as const,
  // Whether there are chapters, not the chapters themselves: lists need no more.
  eb("p.chapters", "is not", null).as("has_chapters"),
  sql<number>`case when p.transcript is null or p.transcript = '' then 0 else 1 end`.as("has_transcript"),
  eb.fn.coalesce("t.title", "e.title").as("title"),
  eb.fn.coalesce("t.description", "e.description").as("description"),
];

const columns = (eb: LocalizedBuilder) => [
  ...cardColumns(eb),
  "p.audio_size" as const,
  "p.audio_type" as const,
  "p.guid" as const,
  "p.transcript" as const,
  "t.episode_id as translated_id" as const,
];

type CardRow = Pick<EpisodesTable, "id" | "slug" | "duration_seconds" | "published_at" | "image" | "categories" | "listens" | "audio_key" | "transcript_format"> & {
  title: string;
  description: string;
  has_chapters: unknown;
  has_transcript: unknown;
};
type Row = CardRow & Pick<EpisodesTable, "audio_size" | "audio_type" | "guid" | "transcript"> & { translated_id: string | null };

const timedFormat = (row: CardRow): TranscriptFormat | null => (row.transcript_format === "vtt" || row.transcript_format === "srt" ? row.transcript_format : null);

function toEpisode(row: Row): Episode {
  return {
    ...toCard(row),
    guid: row.guid,
    transcript: row.transcript,
    transcriptFormat: timedFormat(row),
    audioKey: row.audio_key,
    audioSize: Number(row.audio_size),
    audioType: row.audio_type,
    translated: row.translated_id !== null,
  };
}

/** Exactly the card fields, nothing more (the page sends them to the browser). */
function toCard(row: CardRow): EpisodeCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    durationSeconds: Number(row.duration_seconds),
    publishedAt: row.published_at,
    imageUrl: row.image,
    audioUrl: audioPath(row.audio_key),
    categories: JSON.parse(row.categories) as string[],
    listens: Number(row.listens),
    transcriptKind: timedFormat(row) ?? (Number(row.has_transcript) ? "text" : null),
    // SQLite answers 1 or 0, PostgreSQL true or false.
    hasChapters: Boolean(Number(row.has_chapters)),
  };
}

/** Every episode in the reader's language (English where untranslated), newest first. */
export async function listEpisodes(db: Db, language: Language): Promise<EpisodeCard[]> {
  const rows = await localized(db, language).select(cardColumns).orderBy("p.published_at", "desc").orderBy("p.slug").execute();
  return rows.map(toCard);
}

/** Every episode with its audio details and transcript, newest first: the feed. */
export async function listFullEpisodes(db: Db, language: Language): Promise<Episode[]> {
  const rows = await localized(db, language).select(columns).orderBy("p.published_at", "desc").orderBy("p.slug").execute();
  return rows.map(toEpisode);
}

export async function episodeBySlug(db: Db, slug: string, language: Language): Promise<Episode | null> {
  const row = await localized(db, language).select(columns).where("p.slug", "=", slug).executeTakeFirst();
  return row ? toEpisode(row) : null;
}

/** When each episode last changed (the sitemap's lastmod). */
export async function episodeChanges(db: Db): Promise<Array<{ slug: string; changedAt: string }>> {
  const rows = await db.selectFrom("episodes").select(["slug", "updated_at"]).orderBy("published_at", "desc").orderBy("slug").execute();
  return rows.map((row) => ({ slug: row.slug, changedAt: row.updated_at }));
}

/** The episode whose audio is stored under `audioKey` (only episodes' audio is served), with what the listen rule needs. */
export async function episodeByAudioKey(db: Db, audioKey: string): Promise<{ id: string; audio: EpisodeAudio } | null> {
  const row = await db.selectFrom("episodes").select(["id", "audio_size", "duration_seconds"]).where("audio_key", "=", audioKey).executeTakeFirst();
  return row ? { id: row.id, audio: { size: Number(row.audio_size), durationSeconds: Number(row.duration_seconds) } } : null;
}

export interface EpisodeInput {
  text: Partial<Record<Language, EpisodeText>> & { en: EpisodeText };
  durationSeconds: number;
  publishedAt: string;
  categories: string[];
  listens?: number;
  audioKey: string;
  audioSize: number;
  audioType: string;
  transcript?: string | null;
  /** A checked timed transcript (its text and format) and chapters. */
  files?: { transcript_file?: string | null; transcript_format?: string | null; chapters?: string | null };
  /** Default: the drawn artwork of the slug. */
  image?: string;
}

/** Runs inside the insert's transaction (an audit row commits or rolls back with the episode). */
export type InsertedHook = (trx: Db, episode: { id: string; slug: string }) => Promise<void>;

/**
 * Stores an episode under exactly `slug`, with its translations, in one transaction. Returns false and
 * writes nothing when the slug is taken (another process got there first, or the seed already ran).
 */
export async function insertEpisodeIfSlugFree(db: Db, slug: string, input: EpisodeInput, now: Date, onInserted?: InsertedHook): Promise<boolean> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const result = await trx
      .insertInto("episodes")
      .values({
        id,
        slug,
        duration_seconds: Math.round(input.durationSeconds),
        published_at: input.publishedAt,
        image: input.image ?? `/podcast/artwork/${slug}.svg`,
        categories: JSON.stringify(input.categories),
        listens: input.listens ?? 0,
        audio_key: input.audioKey,
        audio_size: input.audioSize,
        audio_type: input.audioType,
        guid: randomUUID(),
        transcript: input.transcript ?? null,
        transcript_file: input.files?.transcript_file ?? null,
        transcript_format: input.files?.transcript_format ?? null,
        chapters: input.files?.chapters ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((conflict) => conflict.column("slug").doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .insertInto("episode_translations")
      .values(Object.entries(input.text).map(([language, text]) => ({ episode_id: id, language, ...text, updated_at: stamp })))
      .execute();
    await onInserted?.(trx, { id, slug });
    return true;
  });
}

/**
 * Stores a new episode under a slug made from its English title, with -2, -3… when that is taken.
 * Returns the slug it got.
 */
export async function createEpisode(db: Db, input: EpisodeInput, now: Date, onInserted?: InsertedHook): Promise<string> {
  const base = slugify(input.text.en.title);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await db.selectFrom("episodes").select("slug").where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)])).execute();
    const slug = uniqueSlug(base, new Set(taken.map((row) => row.slug)));
    if (await insertEpisodeIfSlugFree(db, slug, input, now, onInserted)) return slug;
  }
  throw new Error(`No free slug for ${base}`);
}
