import { hasSessionCookie, isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

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
