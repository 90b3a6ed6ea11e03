import { z } from "~/lib/zod";
import { isValidEmail, normalizeEmail } from "~/lib/email";
import { lineField, trimmedField } from "~/lib/form-input";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "./topics";

/** The contact form; text is kept as written (always shown escaped), trimmed, without control characters (the message keeps its lines). */
export const contactSchema = z.object({
  name: lineField().pipe(z.string().min(1, "nameRequired").max(CONTACT_LIMITS.name, "nameTooLong")),
  email: lineField()
    .transform(normalizeEmail)
    .refine(isValidEmail, "emailInvalid"),
  topic: lineField()
    .transform((topic) => topic || "general")
    .pipe(z.enum(CONTACT_TOPICS, "topicInvalid")),
  message: trimmedField().pipe(z.string().min(1, "messageRequired").max(CONTACT_LIMITS.message, "messageTooLong")),
});

export type ContactInput = z.output<typeof contactSchema>;
