import { createHmac, timingSafeEqual } from "node:crypto";
import { SESSION_COOKIE } from "./auth.server";

const SESSION_COOKIE_NAMES = new Set([SESSION_COOKIE, `__Host-${SESSION_COOKIE}`]);

/**
 * Whether a Cookie header holds a session cookie this server signed (its token and the HMAC-SHA256 of
 * it with the session secret, as better-auth writes it), checked in a few microseconds without the
 * database. A cookie anyone can make up ("dp.session_token=x") is not one: its visitor is anonymous
 * to the page cache, so it cannot make the server render a page for every request.
 */
export function cookieHeaderHasSignedSession(cookies: string | null | undefined, secret: string): boolean {
  if (!cookies) return false;
  for (const pair of cookies.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || !SESSION_COOKIE_NAMES.has(pair.slice(0, equals).trim())) continue;
    if (isSignedValue(pair.slice(equals + 1).trim(), secret)) return true;
  }
  return false;
}

/** The Cookie header without its session cookies (an anonymous visitor's render must not see a forged one). */
export function withoutSessionCookies(cookies: string): string {
  return cookies
    .split(";")
    .filter((pair) => !SESSION_COOKIE_NAMES.has(pair.slice(0, Math.max(0, pair.indexOf("="))).trim()))
    .join(";")
    .trim();
}

function isSignedValue(encoded: string, secret: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(encoded);
  } catch {
    return false;
  }
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return false;
  const expected = createHmac("sha256", secret).update(value.slice(0, dot)).digest();
  const given = Buffer.from(value.slice(dot + 1), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
