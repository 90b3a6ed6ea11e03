import { z } from "~/lib/zod";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { textField } from "~/lib/form-input";
import { episodeFieldsSchema } from "./episode-form";

/**
 * The podcast page's forms, told apart by `intent` (an unknown one is refused under `intent`):
 * create takes the id of a finished resumable upload, update an episode id and optionally a new
 * upload, delete an episode id. An upload id missing or malformed is refused under `audio`.
 */
const edit = <Intent extends "create" | "update">(intent: Intent) =>
  episodeFieldsSchema.extend({ intent: z.literal(intent), id: textField(), uploadId: textField() }).superRefine(({ uploadId }, context) => {
    if (intent === "create" && uploadId === "") context.addIssue({ code: "custom", path: ["audio"], message: "required" });
    else if (uploadId !== "" && !isUploadId(uploadId)) context.addIssue({ code: "custom", path: ["audio"], message: "missing" });
  });

export const episodeChangeSchema = z.discriminatedUnion("intent", [edit("create"), edit("update"), z.object({ intent: z.literal("delete"), id: textField() })], "unknownIntent");

export type EpisodeChange = z.output<typeof episodeChangeSchema>;
