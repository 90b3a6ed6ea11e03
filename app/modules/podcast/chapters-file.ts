import { cleanLine } from "~/lib/clean-text";

/**
 * Podcasting 2.0 JSON chapters ({"version":"1.2.0","chapters":[{"startTime":0,"title":"…"}]}),
 * checked strictly: each chapter starts at a number of seconds after the one before it and within
 * the episode, has a title, and links (url, img) only to http or https addresses. What is kept is
 * rewritten from the checked values, so nothing unchecked is ever served again; a title is one line
 * without control characters (JSON's escapes can carry any).
 */
export type ChaptersProblem = "json" | "shape" | "noChapters" | "tooMany" | "time" | "order" | "beyond" | "title" | "titleTooLong" | "url" | "img";

export interface Chapter {
  /** Seconds from the start of the episode. */
  startTime: number;
  endTime?: number;
  title: string;
  url?: string;
  img?: string;
  /** false: a chapter apps should not list in their table of contents. */
  toc?: false;
}

export type ChaptersReading = { ok: true; chapters: Chapter[] } | { ok: false; problem: ChaptersProblem; chapter?: number };

export const CHAPTER_LIMITS = { chapters: 500, title: 300 } as const;
/** The episode's duration is stored rounded to the second. */
const SLACK_SECONDS = 1;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** An absolute http(s) address, or null. */
export function webAddress(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export function parseChapters(text: string, durationSeconds: number): ChaptersReading {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, problem: "json" };
  }
  if (!isRecord(document) || typeof document.version !== "string" || !Array.isArray(document.chapters)) return { ok: false, problem: "shape" };
  if (document.chapters.length === 0) return { ok: false, problem: "noChapters" };
  if (document.chapters.length > CHAPTER_LIMITS.chapters) return { ok: false, problem: "tooMany" };
  const chapters: Chapter[] = [];
  for (const [index, entry] of document.chapters.entries()) {
    const checked = chapterOf(entry, chapters.at(-1), durationSeconds);
    if (typeof checked === "string") return { ok: false, problem: checked, chapter: index + 1 };
    chapters.push(checked);
  }
  return { ok: true, chapters };
}

function chapterOf(entry: unknown, previous: Chapter | undefined, durationSeconds: number): Chapter | ChaptersProblem {
  if (!isRecord(entry) || !isTime(entry.startTime)) return "time";
  const { startTime, endTime } = entry;
  if (previous && startTime <= previous.startTime) return "order";
  if (startTime >= durationSeconds + SLACK_SECONDS) return "beyond";
  if (endTime !== undefined && (!isTime(endTime) || endTime <= startTime)) return "time";
  if (endTime !== undefined && endTime > durationSeconds + SLACK_SECONDS) return "beyond";
  const title = typeof entry.title === "string" ? cleanLine(entry.title).replace(/\s+/g, " ").trim() : "";
  if (!title) return "title";
  if ([...title].length > CHAPTER_LIMITS.title) return "titleTooLong";
  const chapter: Chapter = { startTime, title };
  if (endTime !== undefined) chapter.endTime = endTime;
  for (const field of ["url", "img"] as const) {
    if (entry[field] === undefined) continue;
    const address = webAddress(entry[field]);
    if (!address) return field;
    chapter[field] = address;
  }
  if (entry.toc === false) chapter.toc = false;
  return chapter;
}

/** The stored and served form of checked chapters. */
export function chaptersJson(chapters: Chapter[]): string {
  return JSON.stringify({ version: "1.2.0", chapters });
}
