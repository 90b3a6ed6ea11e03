import { z } from "zod";
import { lineField } from "~/lib/form-input";
import { instantOfLocalTime } from "~/lib/local-time";

/** What the issue page's buttons ask: every form carries an intent. */
export const ISSUE_INTENTS = ["save", "test", "send", "schedule", "cancel"] as const;
export type IssueIntent = (typeof ISSUE_INTENTS)[number];

export const issueIntentSchema = z.object({
  intent: lineField().pipe(z.enum(ISSUE_INTENTS)),
  testLanguage: lineField().default("en"),
  sendAt: lineField().default(""),
  timezoneOffset: z.coerce.number().int().min(-900).max(900).catch(0),
});

export const ISSUE_PROBLEMS = ["invalid", "required", "tooLong", "notEditable", "dateInvalid", "datePast", "nobody", "notFound"] as const;
export type IssueProblem = (typeof ISSUE_PROBLEMS)[number];
export type IssueDone = "saved" | "test" | "scheduled" | "sending" | "cancelled";

/** A datetime-local value in the owner's clock made absolute (see ~/lib/local-time). */
export const instantOf = instantOfLocalTime;
