import { z } from "~/lib/zod";
import { isValidEmail, normalizeEmail } from "~/lib/email";
import { lineField, listField, textField } from "~/lib/form-input";

/** Where a subscription came from; the provider group follows from it. */
export const SOURCES = ["footer-newsletter", "newsletter-section", "updates-page", "subscribe-page", "blog-related"] as const;
export type Source = (typeof SOURCES)[number];

export const SUBSCRIBER_LIMITS = { name: 100, message: 2000, interests: 10, interest: 60 } as const;

/** Passes of `sanitizeText` before it gives up on a pattern nested that deep. */
const MAX_SANITIZE_PASSES = 20;

/** One pass: < and >, 'javascript:' and inline event-handler patterns removed, then trimmed. */
const sanitizePass = (value: string) =>
  value
    .replace(/[<>]/g, "")
    .replace(/javascript\s*:/gi, "")
    .replace(/\bon[a-z]+\s*=/gi, "")
    .trim();

/**
 * Removes < and >, 'javascript:' and inline event-handler patterns, then trims, until nothing is left to
 * remove: one pass over `javajavascript:script:` removes the inner 'javascript:' and joins the outer one.
 * A pattern nested deeper than the passes allow loses every ':' and '=' instead, so none can remain,
 * and sanitising the result again changes nothing.
 */
export function sanitizeText(value: string): string {
  let current = value;
  for (let pass = 0; pass < MAX_SANITIZE_PASSES; pass++) {
    const next = sanitizePass(current);
    if (next === current) return current;
    current = next;
  }
  return current.replace(/[<>:=]/g, "").trim();
}

/** A sanitised text (a name is one line, the message keeps its lines) that may be left empty (then null); too long is refused, never cut. */
const optionalText = (max: number, problem: string, lines = false) =>
  (lines ? textField() : lineField())
    .transform(sanitizeText)
    .pipe(z.string().max(max, problem))
    .transform((value) => value || null);

/**
 * Every newsletter form (footer, home, updates, articles, /subscribe): a valid address (trimmed,
 * lower-cased, ≤ 254 characters), text fields sanitised, interests a short list, an unknown source
 * kept as 'unknown'. Messages are keys of the `newsletter` namespace's `errors`.
 */
export const subscribeSchema = z.object({
  email: textField().transform(normalizeEmail).refine(isValidEmail, "emailRequired"),
  firstName: optionalText(SUBSCRIBER_LIMITS.name, "firstNameTooLong"),
  lastName: optionalText(SUBSCRIBER_LIMITS.name, "lastNameTooLong"),
  message: optionalText(SUBSCRIBER_LIMITS.message, "messageTooLong", true),
  interests: listField().transform((items) =>
    [...new Set(items.map(sanitizeText).filter(Boolean))].map((item) => item.slice(0, SUBSCRIBER_LIMITS.interest)).slice(0, SUBSCRIBER_LIMITS.interests),
  ),
  source: textField().transform((source): Source | "unknown" => SOURCES.find((known) => known === source) ?? "unknown"),
});

export type SubscriberInput = z.output<typeof subscribeSchema>;
export type SubscribeField = keyof SubscriberInput;
