import { z } from "~/lib/zod";
import { lineField, textField, trimmedField } from "~/lib/form-input";

/**
 * The upload and edit dialogs' fields: title and description required, categories
 * optional, comma-separated and trimmed. The same rules run in the browser (to answer at once) and on
 * the server (which decides). The lengths are the project's own (docs/owner.md, "The podcast").
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

/** Split on commas, trimmed, empties dropped; the same name twice is kept once. */
export function splitCategories(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(",")
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => part && !seen.has(part.toLowerCase()) && seen.add(part.toLowerCase()));
}

/** Length in characters, as a reader counts them, not in UTF-16 units. */
const atMost = (max: number) => (value: string) => [...value].length <= max;

/** The dialogs' text fields, by the form's names; the fields clean control characters away (the title is one line, the show notes keep theirs). */
export const episodeFieldsSchema = z.object({
  title: lineField()
    .transform((value) => value.replace(/\s+/g, " "))
    .pipe(z.string().min(1, "required").refine(atMost(EPISODE_LIMITS.title), "tooLong")),
  description: trimmedField().pipe(z.string().min(1, "required").refine(atMost(EPISODE_LIMITS.description), "tooLong")),
  categories: textField()
    .transform(splitCategories)
    .pipe(
      z
        .array(z.string())
        .max(EPISODE_LIMITS.categories, "tooMany")
        .refine((names) => names.every(atMost(EPISODE_LIMITS.category)), "tooLong"),
    ),
});
