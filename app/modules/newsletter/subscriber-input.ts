import { isValidEmail, normalizeEmail } from "~/lib/email";

/** Where a subscription came from; the provider group follows from it. */
export const SOURCES = ["footer-newsletter", "newsletter-section", "updates-page", "subscribe-page", "blog-related"] as const;
export type Source = (typeof SOURCES)[number];

export const SUBSCRIBER_LIMITS = { name: 100, message: 2000, interests: 10, interest: 60 } as const;

/** Remove < and >, 'javascript:' and inline event-handler patterns, then trim. */
export function sanitizeText(value: string): string {
  return value
    .replace(/[<>]/g, "")
    .replace(/javascript\s*:/gi, "")
    .replace(/\bon[a-z]+\s*=/gi, "")
    .trim();
}

export interface SubscriberInput {
  email: string;
  firstName: string | null;
  lastName: string | null;
  message: string | null;
  interests: string[];
  source: Source | "unknown";
}

/** The refusal messages, by translation key. */
export type SubscriberError = "invalidData" | "emailRequired" | "firstNameTooLong" | "lastNameTooLong" | "messageTooLong";

const optionalText = (value: unknown, max: number): string | null | false => {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return false;
  const clean = sanitizeText(value);
  if (clean.length > max) return false;
  return clean || null;
};

/**
 * The server's check of a subscription: an object with a valid email (trimmed, lower-cased,
 * ≤ 254 characters), text fields sanitised, interests a short list, an unknown source kept as 'unknown'.
 */
export function parseSubscriber(data: unknown): { ok: true; value: SubscriberInput } | { ok: false; error: SubscriberError } {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { ok: false, error: "invalidData" };
  const fields = data as Record<string, unknown>;
  const email = typeof fields.email === "string" ? normalizeEmail(fields.email) : "";
  if (!isValidEmail(email)) return { ok: false, error: "emailRequired" };
  const firstName = optionalText(fields.firstName, SUBSCRIBER_LIMITS.name);
  if (firstName === false) return { ok: false, error: "firstNameTooLong" };
  const lastName = optionalText(fields.lastName, SUBSCRIBER_LIMITS.name);
  if (lastName === false) return { ok: false, error: "lastNameTooLong" };
  const message = optionalText(fields.message, SUBSCRIBER_LIMITS.message);
  if (message === false) return { ok: false, error: "messageTooLong" };
  const rawInterests = Array.isArray(fields.interests) ? fields.interests : typeof fields.interests === "string" ? [fields.interests] : [];
  const interests = [...new Set(rawInterests.filter((item): item is string => typeof item === "string").map(sanitizeText).filter(Boolean))]
    .map((item) => item.slice(0, SUBSCRIBER_LIMITS.interest))
    .slice(0, SUBSCRIBER_LIMITS.interests);
  const source = SOURCES.find((known) => known === fields.source) ?? "unknown";
  return { ok: true, value: { email, firstName, lastName, message, interests, source } };
}
