import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";

/**
 * The upload and edit dialogs' fields: title and description required, categories
 * optional, comma-separated and trimmed. The same rules run in the browser (to answer at once) and on
 * the server (which decides). The lengths are the project's own (README, "Podcast").
 */
export const EPISODE_LIMITS = { title: 200, description: 4000, categories: 10, category: 60 } as const;

export type EpisodeFieldProblem = "required" | "tooLong" | "tooMany";
export type EpisodeField = "title" | "description" | "categories";
export type EpisodeFieldErrors = Partial<Record<EpisodeField, EpisodeFieldProblem>>;

/** Why an uploaded file cannot be an episode's audio (episode-audio.server.ts), or none was named. */
export type AudioProblem = "missing" | "incomplete" | "empty" | "type" | "name" | "unreadable";
/** A transcript or chapters file the server refused, and the line or chapter at fault when it names one. */
type TextFileErrors = Partial<Record<"transcript" | "chapters" | "transcriptAt" | "chaptersAt", string>>;
export type EpisodeErrors = EpisodeFieldErrors & { audio?: AudioProblem | "required" } & TextFileErrors;
export type EpisodeDone = "uploaded" | "updated" | "deleted";
/**
 * The podcast page action's answer to the dialogs. A post the admin gate refused has no `errors` (see
 * `refusalIn`); an episode that is gone has `form: "notFound"`, a failure of the server `form: "failed"`.
 */
export type EpisodeAnswer = { ok: true; done: EpisodeDone; slug?: string } | { ok: false; errors?: EpisodeErrors & { form?: "notFound" | "failed" } };

export interface EpisodeFields {
  title: string;
  description: string;
  categories: string[];
}

// Control characters other than tab and newline have no place in a title or show notes.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (value: string) => value.replace(CONTROL, "").trim();

/** Split on commas, trimmed, empties dropped; the same name twice is kept once. */
export function splitCategories(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(",")
    .map((part) => clean(part).replace(/\s+/g, " "))
    .filter((part) => part && !seen.has(part.toLowerCase()) && seen.add(part.toLowerCase()));
}

/** Length in characters, as a reader counts them, not in UTF-16 units. */
const atMost = (max: number) => (value: string) => [...value].length <= max;

/** The dialogs' text fields, by the form's names. */
export const episodeFieldsSchema = z.object({
  title: textField()
    .transform((value) => clean(value).replace(/\s+/g, " "))
    .pipe(z.string().min(1, "required").refine(atMost(EPISODE_LIMITS.title), "tooLong")),
  description: textField()
    .transform(clean)
    .pipe(z.string().min(1, "required").refine(atMost(EPISODE_LIMITS.description), "tooLong")),
  categories: textField()
    .transform(splitCategories)
    .pipe(
      z
        .array(z.string())
        .max(EPISODE_LIMITS.categories, "tooMany")
        .refine((names) => names.every(atMost(EPISODE_LIMITS.category)), "tooLong"),
    ),
});
