import { APIError } from "better-auth/api";
import type { Auth } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS, peek } from "~/modules/rate-limit/rate-limit.server";

export interface SignedIn {
  user: { id: string; name: string; email: string; role: string | null; twoFactorEnabled: boolean };
  session: { id: string; token: string };
}

/** The signed-in user of a request, from the session cookie (renewed by better-auth while used). */
export async function currentSession(auth: Auth, request: Request): Promise<SignedIn | null> {
  // A tampered or unknown cookie is "signed out"; a database failure stays an error, not a fake 401.
  const found = await auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
    if (error instanceof APIError) return null;
    throw error;
  });
  if (!found) return null;
  const user = found.user as typeof found.user & { role?: string | null; twoFactorEnabled?: boolean | number | null };
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role ?? null, twoFactorEnabled: Boolean(user.twoFactorEnabled) },
    session: { id: found.session.id, token: found.session.token },
  };
}

/** Spec §7 is_admin(user_id): the server-side check, read from the database on every call. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  return row?.role === "admin";
}

export async function adminExists(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom("user").select("id").where("role", "=", "admin").limit(1).executeTakeFirst());
}

export type SignInOutcome =
  | { ok: true; headers: Headers; userId: string; twoFactor?: false }
  /** The password was right; the account's second factor is asked next (the headers set the challenge cookie). */
  | { ok: true; headers: Headers; twoFactor: true }
  | { ok: false; error: "invalidCredentials" | "emailNotVerified" | "tooMany"; retryAfterSeconds?: number };

/**
 * Email + password sign-in. Failures are counted per address+network and per network alone
 * (LIMITS.signIn*); once either is spent the attempt is refused before the password is checked, and
 * a burst of failures is recorded as a medium security event.
 */
export async function signInWithPassword(
  { auth, db, now }: { auth: Auth; db: Db; now: Date },
  credentials: { email: string; password: string },
  request: Request,
  actor: Actor,
): Promise<SignInOutcome> {
  const subjects = [
    { rule: LIMITS.signInPerAccount, subject: `${credentials.email}|${actor.ip}` },
    { rule: LIMITS.signInPerNetwork, subject: `${actor.ip}` },
  ];
  for (const { rule, subject } of subjects) {
    const state = await peek(db, rule, subject, now);
    if (!state.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: state.retryAfterSeconds };
  }
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in response) return { ok: true, headers, twoFactor: true };
    await recordAudit(db, { ...actor, userId: response.user.id }, { action: "auth.signed_in", resource: `user:${response.user.id}`, details: { method: "password" } }, now);
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === "EMAIL_NOT_VERIFIED") return { ok: false, error: "emailNotVerified" };
    for (const { rule, subject } of subjects) {
      const counted = await consume(db, rule, subject, now);
      if (counted.remaining === 0) {
        await recordSecurityEvent(db, actor, { type: "auth.failed_sign_in_burst", severity: "medium", details: { rule: rule.name, email: credentials.email } }, now);
      }
    }
    return { ok: false, error: "invalidCredentials" };
  }
}

/** Signs the request's session out; the returned headers clear the cookie. */
export async function signOut(auth: Auth, db: Db, request: Request, actor: Actor, now: Date): Promise<Headers> {
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  if (actor.userId) await recordAudit(db, actor, { action: "auth.signed_out", resource: `user:${actor.userId}` }, now);
  return headers;
}

export interface DeviceSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  lastActive: string;
}

/** The user's live sessions, this device first, most recently used next. */
export async function deviceSessions(auth: Auth, request: Request, currentToken: string): Promise<DeviceSession[]> {
  const sessions = await auth.api.listSessions({ headers: request.headers });
  return sessions
    .map((session) => ({
      id: session.id,
      current: session.token === currentToken,
      userAgent: session.userAgent ?? null,
      lastActive: new Date(session.updatedAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive));
}
