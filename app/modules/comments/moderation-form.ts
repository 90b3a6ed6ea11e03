import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";

/**
 * A moderation button's post: which change (one of `intents`, named by the page that offers them), on
 * which comment or contact message, and whether a deletion was confirmed.
 */
export const moderationSchema = <Intent extends string>(intents: readonly [Intent, ...Intent[]]) =>
  z.object({
    intent: textField().pipe(z.enum(intents, "invalid")),
    id: textField().pipe(z.string().min(1, "invalid").max(64, "invalid")),
    confirm: z.preprocess((value) => value === "yes", z.boolean()),
  });
