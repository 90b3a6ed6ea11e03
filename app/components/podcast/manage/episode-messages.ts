import { EPISODE_LIMITS, type EpisodeErrors } from "~/modules/podcast/episode-form";
import type { TextField } from "./text-file-field";

/** The episode dialog's messages by field, from the browser's checks or the server's problem keys. */
export type Messages = Partial<Record<"title" | "description" | "categories" | "audio" | TextField, string>>;
export const TEXT_FIELDS = ["transcript", "chapters"] as const;
type T = (key: string, options?: Record<string, unknown>) => string;

const AUDIO_MESSAGES: Record<string, string> = {
  required: "audioRequired",
  type: "audioType",
  name: "audioName",
  empty: "audioEmpty",
  unreadable: "audioUnreadable",
  missing: "audioMissing",
  incomplete: "audioMissing",
} satisfies Record<NonNullable<EpisodeErrors["audio"]>, string>;

/** Field problems, from the browser's check or the server's answer, in the reader's language. */
export function messagesFor(t: T, errors: Partial<Record<string, string>>): Messages {
  const messages: Messages = {};
  if (errors.title) messages.title = t(errors.title === "required" ? "manage.errors.titleRequired" : "manage.errors.titleTooLong", { max: EPISODE_LIMITS.title });
  if (errors.description)
    messages.description = t(errors.description === "required" ? "manage.errors.descriptionRequired" : "manage.errors.descriptionTooLong", { max: EPISODE_LIMITS.description });
  if (errors.categories)
    messages.categories = t(errors.categories === "tooMany" ? "manage.errors.categoriesTooMany" : "manage.errors.categoriesTooLong", {
      max: errors.categories === "tooMany" ? EPISODE_LIMITS.categories : EPISODE_LIMITS.category,
    });
  if (errors.audio) messages.audio = t(`manage.errors.${AUDIO_MESSAGES[errors.audio]}`);
  // The server names the line of a transcript or the chapter at fault.
  for (const field of TEXT_FIELDS) {
    const at = errors[`${field}At`];
    if (errors[field]) messages[field] = t(`manage.errors.${field}File.${errors[field]}`, { line: at, number: at });
  }
  return messages;
}
