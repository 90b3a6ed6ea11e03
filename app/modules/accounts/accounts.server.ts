import { hasSessionCookie, isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { networkKey } from "~/lib/network";
import { giveBackAll, LIMITS, takeAll, type LimitCheck } from "~/modules/rate-limit/rate-limit.server";

export interface SignedIn {
  user: { id: string; name: string; email: string; role: string | null; twoFactorEnabled: boolean };
  session: { id: string; token: string };
}

/** The signed-in user of a request, from the session cookie (renewed by better-auth while used). */
export async function currentSession(auth: AuthLoader, request: Request): Promise<SignedIn | null> {
  // Without a session cookie nobody is signed in: answered without loading better-auth (an anonymous reader's request).
  if (!hasSessionCookie(request)) return null;
  // A tampered or unknown cookie is "signed out"; a database failure stays an error, not a fake 401.
  const found = await (await auth.load()).api.getSession({ headers: request.headers }).catch((error: unknown) => {
    if (isAuthRefusal(error)) return null;
    throw error;
  });
  if (!found) return null;
  const user = found.user as typeof found.user & { role?: string | null; twoFactorEnabled?: boolean | number | null };
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role ?? null, twoFactorEnabled: Boolean(user.twoFactorEnabled) },
    session: { id: found.session.id, token: found.session.token },
  };
}

/** is_admin(user_id): the server-side check, read from the database on every call. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  return row?.role === "admin";
}

export async function adminExists(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom("user").select("id").where("role", "=", "admin").limit(1).executeTakeFirst());
}

/** The owner's address: the first admin's account (the one the setup link made), null before there is one. */
export async function ownerAccountEmail(db: Db): Promise<string | null> {
  const row = await db.selectFrom("user").select("email").where("role", "=", "admin").orderBy("createdAt").orderBy("id").limit(1).executeTakeFirst();
  return row?.email ?? null;
}

export type SignInOutcome =
  | { ok: true; headers: Headers; userId: string; twoFactor?: false }
  /** The password was right; the account's second factor is asked next (the headers set the challenge cookie). */
  | { ok: true; headers: Headers; twoFactor: true }
  | { ok: false; error: "invalidCredentials" | "emailNotVerified" | "tooMany"; retryAfterSeconds?: number };

/** The limits one password sign-in takes, narrowest first (see LIMITS.signIn*). */
function signInChecks(email: string, ip: string | null): LimitCheck[] {
  const network = networkKey(ip);
  return [
    { rule: LIMITS.signInPerAccount, subject: `${email}|${network}` },
    { rule: LIMITS.signInPerNetwork, subject: network },
    { rule: LIMITS.signInPerNetworkDaily, subject: network },
    { rule: LIMITS.signInPerAddress, subject: email },
  ];
}

/**
 * Email + password sign-in. Each attempt takes its limits before the password is checked, so a
 * burst of parallel guesses gets no more checks than the limits allow; a right password gives the
 * attempts back, so only failures stay counted. The wrong password that spends a limit is recorded
 * as a medium security event naming the account, when the address has one.
 */
export async function signInWithPassword(
  { auth, db, now }: { auth: AuthLoader; db: Db; now: Date },
  credentials: { email: string; password: string },
  request: Request,
  actor: Actor,
): Promise<SignInOutcome> {
  const limits = await takeAll(db, signInChecks(credentials.email, actor.ip), now);
  if (!limits.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: limits.retryAfterSeconds };
  try {
    const { headers, response } = await (await auth.load()).api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await giveBackAll(db, limits.taken);
    if ("twoFactorRedirect" in response) return { ok: true, headers, twoFactor: true };
    await recordAudit(db, { ...actor, userId: response.user.id }, { action: "auth.signed_in", resource: `user:${response.user.id}`, details: { method: "password" } }, now);
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    // better-auth says "not confirmed" only after the password matched.
    if (error.body?.code === "EMAIL_NOT_VERIFIED") {
      await giveBackAll(db, limits.taken);
      return { ok: false, error: "emailNotVerified" };
    }
    const spent = limits.taken.filter(({ result }) => result.remaining === 0);
    if (spent.length) {
      const account = await db.selectFrom("user").select("id").where("email", "=", credentials.email).executeTakeFirst();
      for (const { rule } of spent) {
        const details = { rule: rule.name, email: credentials.email };
        await recordSecurityEvent(db, { ...actor, userId: account?.id ?? null }, { type: "auth.failed_sign_in_burst", severity: "medium", details }, now);
      }
    }
    return { ok: false, error: "invalidCredentials" };
  }
}

/** Signs the request's session out; the returned headers clear the cookie. */
export async function signOut(auth: AuthLoader, db: Db, request: Request, actor: Actor, now: Date): Promise<Headers> {
  const { headers } = await (await auth.load()).api.signOut({ headers: request.headers, returnHeaders: true });
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
export async function deviceSessions(auth: AuthLoader, request: Request, currentToken: string): Promise<DeviceSession[]> {
  const sessions = await (await auth.load()).api.listSessions({ headers: request.headers });
  return sessions
    .map((session) => ({
      id: session.id,
      current: session.token === currentToken,
      userAgent: session.userAgent ?? null,
      lastActive: new Date(session.updatedAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive));
}
