export const REDACTED = "[redacted]";

// Keys named like these (also as suffixes: newPassword, apiKey, sessionToken, userEmail) never reach the log.
const SECRET_KEY = /(password|token|secret|key|email)$/i;

/** A copy of `details` with every value under a secret-looking key replaced by the redaction marker. */
export function redact(details: unknown): unknown {
  if (Array.isArray(details)) return details.map(redact);
  if (details && typeof details === "object") {
    return Object.fromEntries(
      Object.entries(details).map(([key, value]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(value)]),
    );
  }
  return details;
}
