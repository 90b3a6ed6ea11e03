import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";
import { networkKey } from "~/lib/network";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { LIMITS, takeAll } from "~/modules/rate-limit/rate-limit.server";
import { currentSession } from "./accounts.server";

export type SignUpOutcome = { ok: true } | { ok: false; error: "tooMany"; retryAfterSeconds: number };

/**
 * Creates an unverified account and mails the confirmation link in the reader's language. The
 * limits per network and per address are taken first, for every address, and an address that
 * already has an account gets the same answer, so the form does not reveal who is registered.
 */
export async function signUp(
  { auth, db, now }: { auth: AuthLoader; db: Db; now: Date },
  input: { name: string; email: string; password: string; language: Language },
  request: Request,
  actor: Actor,
): Promise<SignUpOutcome> {
  const limits = await takeAll(db, [
    { rule: LIMITS.signUpPerNetwork, subject: networkKey(actor.ip) },
    { rule: LIMITS.signUpPerAddress, subject: input.email },
  ], now);
  if (!limits.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: limits.retryAfterSeconds };
  try {
    await (await auth.load()).api.signUpEmail({ body: input, headers: request.headers });
  } catch (error) {
    if (isAuthRefusal(error) && error.body?.code === "USER_ALREADY_EXISTS") return { ok: true };
    if (isAuthRefusal(error) && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return { ok: true };
    // Two sign-ups for one address at once: better-auth checks, then inserts, and the unique index refuses the second.
    if (isAuthRefusal(error) && error.body?.code === "FAILED_TO_CREATE_USER" && (await accountExists(db, input.email))) return { ok: true };
    throw error;
  }
  return { ok: true };
}

async function accountExists(db: Db, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst());
}

/**
 * Confirms an address from the mailed link and signs its owner in, audited under the new session;
 * the headers set its cookie. Null when the link is not valid.
 */
export async function verifyEmail({ auth, db, now }: { auth: AuthLoader; db: Db; now: Date }, token: string, request: Request, actor: Actor): Promise<Headers | null> {
  let headers: Headers;
  try {
    ({ headers } = await (await auth.load()).api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true }));
  } catch (error) {
    if (isAuthRefusal(error)) return null;
    throw error;
  }
  const signedIn = await currentSession(auth, new Request(request.url, { headers: { cookie: cookieFrom(headers) } }));
  if (signedIn) {
    const who = { ...actor, userId: signedIn.user.id, sessionId: signedIn.session.id };
    await recordAudit(db, who, { action: "auth.email_verified", resource: `user:${signedIn.user.id}` }, now);
  }
  return headers;
}

/** The cookie a Set-Cookie header would give, to read the new session in the same request. */
function cookieFrom(headers: Headers): string {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}
