import { createHmac, timingSafeEqual } from "node:crypto";
import { SESSION_COOKIE_NAMES } from "./auth.server";

/**
 * Whether a Cookie header holds a session cookie this server signed (its token and the HMAC-SHA256 of
 * it with the session secret, as better-auth writes it), checked in a few microseconds without the
 * database. A cookie anyone can make up ("dp.session_token=x") is not one: its visitor is anonymous
 * to the page cache, so it cannot make the server render a page for every request.
 */
export function cookieHeaderHasSignedSession(cookies: string | null | undefined, secret: string): boolean {
  return signedSessionToken(cookies, secret) !== undefined;
}

/** The token of the first session cookie this server signed, if any (whether its session is still open is the database's to say). */
export function signedSessionToken(cookies: string | null | undefined, secret: string): string | undefined {
  if (!cookies) return undefined;
  for (const pair of cookies.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || !SESSION_COOKIE_NAMES.has(pair.slice(0, equals).trim())) continue;
    const token = signedToken(pair.slice(equals + 1).trim(), secret);
    if (token !== undefined) return token;
  }
  return undefined;
}

/** The Cookie header without its session cookies (an anonymous visitor's render must not see a forged one). */
export function withoutSessionCookies(cookies: string): string {
  return cookies
    .split(";")
    .filter((pair) => !SESSION_COOKIE_NAMES.has(pair.slice(0, Math.max(0, pair.indexOf("="))).trim()))
    .join(";")
    .trim();
}

function signedToken(encoded: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = value.slice(0, dot);
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(value.slice(dot + 1), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}
