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
export type AudioProblem = "missing" | "incomplete" | "empty" | "type" | "unreadable";
export type EpisodeErrors = EpisodeFieldErrors & { audio?: AudioProblem | "required" };
export type EpisodeDone = "uploaded" | "updated" | "deleted";
/** The podcast page action's answer to the dialogs. */
export type EpisodeAnswer = { ok: true; done: EpisodeDone; slug?: string } | { ok: false; errors?: EpisodeErrors; refused?: string; notFound?: boolean };

export interface EpisodeFields {
  title: string;
  description: string;
  categories: string[];
}

// Control characters other than tab and newline have no place in a title or show notes.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (value: unknown) => (typeof value === "string" ? value.replace(CONTROL, "").trim() : "");

/** Split on commas, trimmed, empties dropped; the same name twice is kept once. */
export function splitCategories(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(",")
    .map((part) => clean(part).replace(/\s+/g, " "))
    .filter((part) => part && !seen.has(part.toLowerCase()) && seen.add(part.toLowerCase()));
}

export function parseEpisodeFields(input: { title?: unknown; description?: unknown; categories?: unknown }): { fields: EpisodeFields; errors: EpisodeFieldErrors } {
  const title = clean(input.title).replace(/\s+/g, " ");
  const description = clean(input.description);
  const categories = splitCategories(typeof input.categories === "string" ? input.categories : "");
  const errors: EpisodeFieldErrors = {};
  if (!title) errors.title = "required";
  else if ([...title].length > EPISODE_LIMITS.title) errors.title = "tooLong";
  if (!description) errors.description = "required";
  else if ([...description].length > EPISODE_LIMITS.description) errors.description = "tooLong";
  if (categories.length > EPISODE_LIMITS.categories) errors.categories = "tooMany";
  else if (categories.some((name) => [...name].length > EPISODE_LIMITS.category)) errors.categories = "tooLong";
  return { fields: { title, description, categories }, errors };
}
