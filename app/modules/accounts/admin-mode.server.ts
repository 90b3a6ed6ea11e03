import type { AppServices } from "~/adapters/context.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import type { RefusalMessages } from "~/lib/route-policies";
import { currentSession, isAdmin, type SignedIn } from "./accounts.server";

/**
 * Admin mode ends after 30 minutes without use, and stale rows are swept every 30 minutes.
 * Instead of re-checking admin sessions on a timer (every 5 minutes, say), the role is re-read on every request in
 * admin mode (one indexed query), so a revoked role ends admin mode at once.
 */
export const ADMIN_MODE_LIMITS = {
  inactivityMs: 30 * 60 * 1000,
  staleCleanupEveryMs: 30 * 60 * 1000,
} as const;

/**
 * Where a request stands with the admin area, in the order of the dashboard's states:
 * no backend, signed out, not an admin, an admin who must verify (again), an admin in admin mode.
 */
export type AdminAccess =
  | { state: "unavailable" }
  | { state: "signedOut" }
  | { state: "denied"; email: string; actor: Actor }
  | { state: "verify"; email: string; actor: Actor; ended: "inactive" | null }
  | { state: "admin"; email: string; actor: Actor; signedIn: SignedIn };

type Services = Pick<AppServices, "auth" | "config" | "db" | "now">;
const age = (iso: string, now: Date) => now.getTime() - new Date(iso).getTime();

/**
 * Reads the request's admin standing. Admin mode ends after 30 minutes without use or when the role
 * is gone (both audited); with `touch` the request counts as use.
 */
export async function adminAccess(services: Services, request: Request, actor: Actor, { touch = false } = {}): Promise<AdminAccess> {
  const { auth, config, db } = services;
  if (!config.adminEnabled) return { state: "unavailable" };
  const signedIn = await currentSession(auth, request);
  if (!signedIn) return { state: "signedOut" };
  const who = { ...actor, userId: signedIn.user.id, sessionId: signedIn.session.id };
  const email = signedIn.user.email;
  const now = services.now();
  const [mode, admin] = await Promise.all([
    db.selectFrom("admin_modes").selectAll().where("session_id", "=", signedIn.session.id).executeTakeFirst(),
    isAdmin(db, signedIn.user.id),
  ]);
  if (!admin) {
    if (mode) await endMode(db, who, "admin.mode_revoked", now);
    return { state: "denied", email, actor: who };
  }
  if (!mode) return { state: "verify", email, actor: who, ended: null };
  if (age(mode.active_at, now) > ADMIN_MODE_LIMITS.inactivityMs) {
    await endMode(db, who, "admin.mode_timed_out", now);
    return { state: "verify", email, actor: who, ended: "inactive" };
  }
  const stamp = now.toISOString();
  await db.updateTable("admin_modes").set(touch ? { checked_at: stamp, active_at: stamp } : { checked_at: stamp }).where("session_id", "=", mode.session_id).execute();
  return { state: "admin", email, actor: who, signedIn };
}

async function endMode(db: Db, actor: Actor, action: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_modes").where("session_id", "=", actor.sessionId ?? "").execute();
    await recordAudit(trx, actor, { action, resource: `session:${actor.sessionId}` }, now);
  });
}

export type VerifyOutcome = "granted" | "signedOut" | "denied" | "unavailable";

/** 'Verify Admin Access' (admin dialog): is_admin on the server, then admin mode for this session. */
export async function verifyAdminMode(services: Services, request: Request, actor: Actor): Promise<VerifyOutcome> {
  const { auth, config, db } = services;
  if (!config.adminEnabled) return "unavailable";
  const signedIn = await currentSession(auth, request);
  if (!signedIn) return "signedOut";
  const who = { ...actor, userId: signedIn.user.id, sessionId: signedIn.session.id };
  const now = services.now();
  if (!(await isAdmin(db, signedIn.user.id))) {
    await recordSecurityEvent(db, who, { type: "admin.verify_denied", severity: "high", details: { resource: "admin-mode" } }, now);
    return "denied";
  }
  await startMode(db, signedIn, who, now);
  return "granted";
}

async function startMode(db: Db, signedIn: SignedIn, actor: Actor, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_modes").where("session_id", "=", signedIn.session.id).execute();
    await trx
      .insertInto("admin_modes")
      .values({ session_id: signedIn.session.id, user_id: signedIn.user.id, verified_at: stamp, checked_at: stamp, active_at: stamp })
      .execute();
    await recordAudit(trx, actor, { action: "admin.mode_verified", resource: `session:${signedIn.session.id}` }, now);
  });
}

/** 'Logout Admin': ends admin mode and keeps the session. Returns false when there was none. */
export async function endAdminMode(services: Services, request: Request, actor: Actor): Promise<boolean> {
  const signedIn = await currentSession(services.auth, request);
  if (!signedIn) return false;
  const who = { ...actor, userId: signedIn.user.id, sessionId: signedIn.session.id };
  const mode = await services.db.selectFrom("admin_modes").select("session_id").where("session_id", "=", signedIn.session.id).executeTakeFirst();
  if (!mode) return false;
  await endMode(services.db, who, "admin.mode_ended", services.now());
  return true;
}

const REFUSALS = {
  unavailable: { status: 404, severity: null },
  signedOut: { status: 401, severity: "low" },
  denied: { status: 403, severity: "high" },
  verify: { status: 403, severity: "low" },
} as const;

export type AdminRefusal = { ok: false; status: 401 | 403 | 404; reason: Exclude<AdminAccess["state"], "admin"> };

/**
 * The gate of every admin route and upload: admin mode, used now. A refusal is written as a security
 * event (a non-admin touching an admin resource is high) and told with its status.
 */
export async function requireAdminMode(
  services: Services,
  request: Request,
  actor: Actor,
  resource: string,
  messages: RefusalMessages = {},
): Promise<{ ok: true; email: string; actor: Actor; signedIn: SignedIn } | AdminRefusal> {
  const access = await adminAccess(services, request, actor, { touch: true });
  if (access.state === "admin") return { ok: true, email: access.email, actor: access.actor, signedIn: access.signedIn };
  const refusal = REFUSALS[access.state];
  if (refusal.severity) {
    const who = "actor" in access ? access.actor : actor;
    const message = messages[access.state];
    const details = message ? { resource, message } : { resource };
    await recordSecurityEvent(services.db, who, { type: `admin.refused.${access.state}`, severity: refusal.severity, details }, services.now());
  }
  return { ok: false, status: refusal.status, reason: access.state };
}

/** Admin-mode rows unused for over 30 minutes (or left by ended sessions) are removed. */
export async function deleteStaleAdminModes(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ADMIN_MODE_LIMITS.inactivityMs).toISOString();
  const result = await db.deleteFrom("admin_modes").where("active_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
