import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";

/** The subscriber list's 'Resend' button: which subscriber's confirmation mail to send again. */
export const resendSchema = z.object({
  intent: z.literal("resend"),
  subscriberId: textField().pipe(z.string().min(1).max(36)),
});

/** 'Send mail again' for a subscriber whose newsletter mail was stopped (a bounce, a complaint). */
export const resumeMailSchema = z.object({
  intent: z.literal("resume-mail"),
  subscriberId: textField().pipe(z.string().min(1).max(36)),
});
