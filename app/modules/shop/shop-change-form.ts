import { z } from "~/lib/zod";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { textField } from "~/lib/form-input";
import { bookFieldsSchema } from "./book-form";

/**
 * The forms of the shop's admin panels, one schema told apart by `intent` (an unknown one is refused
 * under `intent`). Files arrive first as resumable uploads; a form names one by its id, and an id that
 * cannot be one is refused under the field of the panel that shows it.
 */
const only = <Intent extends string>(intent: Intent) => z.object({ intent: z.literal(intent) });

/** A form with the id of an upload; `optional`: an empty id means none. */
function withUpload<Intent extends string, Shape extends z.ZodRawShape>(intent: Intent, field: string, problem: string, shape: Shape, optional = false) {
  return z.object({ ...shape, intent: z.literal(intent), uploadId: textField() }).superRefine((value, context) => {
    const { uploadId } = value as { uploadId: string };
    if (!(optional && uploadId === "") && !isUploadId(uploadId)) context.addIssue({ code: "custom", path: [field], message: problem });
  });
}

export const shopChangeSchema = z.discriminatedUnion(
  "intent",
  [
    withUpload("savePermanentCover", "cover", "missing", {}),
    withUpload("saveSecureCover", "cover", "missing", {}),
    only("removePermanentCover"),
    // The temporary cover's id is checked after the admin-operation validation and the rate limit.
    z.object({ intent: z.enum(["saveTemporaryCover", "removeTemporaryCover"]), uploadId: textField() }),
    withUpload("saveVideo", "video", "none", {}),
    only("publishVideo"),
    only("removeVideo"),
    only("clearBook"),
    // Without an upload the book keeps its PDF (one is required when there is no book yet).
    withUpload("saveBook", "pdfFile", "missing", bookFieldsSchema.shape, true),
  ],
  "unknownIntent",
);

export type ShopChange = z.output<typeof shopChangeSchema>;
