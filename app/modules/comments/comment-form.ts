import { z } from "~/lib/zod";
import { lineField, textField, trimmedField } from "~/lib/form-input";
import { COMMENT_LIMITS } from "./limits";

/** The about page's comment form; text is kept as written (always shown escaped), trimmed, without control characters (the comment keeps its lines). */
export const commentSchema = z.object({
  name: lineField().pipe(z.string().min(1, "nameRequired").max(COMMENT_LIMITS.name, "nameTooLong")),
  comment: trimmedField().pipe(z.string().min(1, "commentRequired").max(COMMENT_LIMITS.body, "commentTooLong")),
  terms: textField().refine((terms) => terms === "on" || terms === "true", "termsRequired"),
});

export type CommentInput = z.output<typeof commentSchema>;
