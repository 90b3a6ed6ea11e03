import type { Db } from "~/adapters/db/database.server";
import { parseChapters, type Chapter } from "./chapters-file";
import { plainTextOf } from "./cue-text";
import { parseTimedTranscript, type Cue, type TranscriptFormat } from "./timed-transcript";

/**
 * An episode's transcript and chapters as the public files and the episode page read them. What is
 * stored was checked on upload; it is read again here (with no bound on time) to show or convert it.
 */
async function storedFiles(db: Db, slug: string) {
  return db.selectFrom("episodes").select(["transcript", "transcript_file", "transcript_format", "chapters"]).where("slug", "=", slug).executeTakeFirst();
}

/** The timed transcript exactly as uploaded, when the episode has one in `format`. */
export async function timedTranscriptFile(db: Db, slug: string, format: TranscriptFormat): Promise<string | null> {
  const row = await storedFiles(db, slug);
  return row?.transcript_format === format ? row.transcript_file : null;
}

export async function chaptersFile(db: Db, slug: string): Promise<string | null> {
  return (await storedFiles(db, slug))?.chapters ?? null;
}

const cuesOf = (file: string | null) => {
  const reading = file ? parseTimedTranscript(file, Number.POSITIVE_INFINITY) : null;
  return reading?.ok ? reading.cues : null;
};

/** transcript.txt: the timed transcript's words when there is one, else the plain transcript. */
export async function plainTranscript(db: Db, slug: string): Promise<string | null> {
  const row = await storedFiles(db, slug);
  if (!row) return null;
  const cues = cuesOf(row.transcript_file);
  return cues ? plainTextOf(cues) : row.transcript;
}

export interface EpisodeTimedTexts {
  cues: Cue[] | null;
  /** Only the chapters meant for a table of contents. */
  chapters: Chapter[] | null;
}

/** What the episode page lists: the transcript's cues and the chapters, each null when there are none. */
export async function episodeTimedTexts(db: Db, slug: string): Promise<EpisodeTimedTexts> {
  const row = await storedFiles(db, slug);
  const chapters = row?.chapters ? parseChapters(row.chapters, Number.POSITIVE_INFINITY) : null;
  const listed = chapters?.ok ? chapters.chapters.filter((chapter) => chapter.toc !== false) : [];
  return { cues: cuesOf(row?.transcript_file ?? null), chapters: listed.length > 0 ? listed : null };
}
