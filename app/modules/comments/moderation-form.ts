import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { pageField } from "~/lib/paging";

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

/** The moderation page's URL: its tab (comments unless "messages"), its page, and the item awaiting a confirmed deletion. */
export const moderationViewSchema = z.object({
  tab: textField().transform((tab) => (tab === "messages" ? ("messages" as const) : ("comments" as const))),
  page: pageField(),
  confirm: textField().transform((id) => id.slice(0, 64) || null),
});
