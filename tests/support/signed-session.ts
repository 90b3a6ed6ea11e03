import { createHmac } from "node:crypto";
import { SESSION_COOKIE } from "~/adapters/auth/auth.server";

/**
 * A session cookie as the server signs it (the token, a dot, its HMAC-SHA256 with the session secret),
 * for a token that names no session: a stale session, which the page cache must not answer.
 */
export function staleSessionCookie(secret: string, token = "stale-session-token"): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`;
}
