import { z } from "~/lib/zod";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { checkboxField, textField } from "~/lib/form-input";
import { episodeFieldsSchema } from "./episode-form";
import type { TextFileChange } from "./episode-text-files.server";

/**
 * The podcast page's forms, told apart by `intent` (an unknown one is refused under `intent`):
 * create takes the id of a finished resumable upload, update an episode id and optionally a new
 * upload, delete an episode id. An upload id missing or malformed is refused under `audio`.
 * A transcript or chapters file is named by its upload id too; on update, `removeTranscript` and
 * `removeChapters` take away what the episode has.
 */
const UPLOADS = [
  ["uploadId", "audio"],
  ["transcriptUploadId", "transcript"],
  ["chaptersUploadId", "chapters"],
] as const;

const edit = <Intent extends "create" | "update">(intent: Intent) =>
  episodeFieldsSchema
    .extend({
      intent: z.literal(intent),
      id: textField(),
      uploadId: textField(),
      transcriptUploadId: textField(),
      chaptersUploadId: textField(),
      removeTranscript: checkboxField(),
      removeChapters: checkboxField(),
    })
    .superRefine((fields, context) => {
      if (intent === "create" && fields.uploadId === "") context.addIssue({ code: "custom", path: ["audio"], message: "required" });
      for (const [name, field] of UPLOADS) {
        if (fields[name] !== "" && !isUploadId(fields[name])) context.addIssue({ code: "custom", path: [field], message: "missing" });
      }
    });

export const episodeChangeSchema = z.discriminatedUnion("intent", [edit("create"), edit("update"), z.object({ intent: z.literal("delete"), id: textField() })], "unknownIntent");

export type EpisodeChange = z.output<typeof episodeChangeSchema>;

/** A new file wins over removing; neither keeps what the episode has. */
export function textFileChange(uploadId: string, remove: boolean): TextFileChange {
  return uploadId ? { uploadId } : remove ? "remove" : "keep";
}
