import { randomUUID } from "node:crypto";
import { authBoolean, authDate, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db, DialectName } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

/**
 * What `createOrPromoteAdmin` did:
 * - created: a new confirmed admin account;
 * - replaced-unconfirmed: an account nobody had confirmed used the address; it was removed (with its
 *   password and sessions) and a new admin account made in its place;
 * - promoted: a confirmed account became the admin with the given password;
 * - password-replaced: the address was already the admin's; it now has the given password;
 * - already-admin / needs-password: nothing changed (a confirmed account needs a new password to become the admin).
 */
export type AdminCreation = "created" | "replaced-unconfirmed" | "promoted" | "password-replaced" | "already-admin" | "needs-password";

type Deps = { auth: AuthLoader; db: Db; dialect: DialectName };

/** An existing account as it was before the owner claimed it, for the decision and the audit row. */
export interface AccountState {
  id: string;
  role: string | null;
  emailVerified: boolean;
  twoFactor: boolean;
  sessions: number;
}

export async function accountAt(db: Db, email: string): Promise<AccountState | null> {
  const user = await db.selectFrom("user").select(["id", "role", "emailVerified", "twoFactorEnabled"]).where("email", "=", email).executeTakeFirst();
  if (!user) return null;
  const { count } = await db.selectFrom("session").select((eb) => eb.fn.countAll<number>().as("count")).where("userId", "=", user.id).executeTakeFirstOrThrow();
  return { id: user.id, role: user.role, emailVerified: Boolean(user.emailVerified), twoFactor: Boolean(user.twoFactorEnabled), sessions: Number(count) };
}

const previousState = (account: AccountState) => ({ role: account.role, verified: account.emailVerified, twoFactor: account.twoFactor, sessions: account.sessions });

/**
 * Makes `email` the address of a confirmed administrator, for the owner on the server (the command line
 * or the one-time setup link). An account nobody confirmed is never promoted: anyone may have signed up
 * with the owner's address, so it is removed and a new one made. A confirmed account becomes the admin
 * only with a new password, which also signs it out everywhere and turns two-factor off, so nothing a
 * stranger set on it survives. Every change is audited with the account's previous state.
 */
export async function createOrPromoteAdmin(
  deps: Deps,
  input: { email: string; password?: string | undefined; name?: string | undefined },
  actor: Actor,
  now: Date,
): Promise<AdminCreation> {
  const existing = await accountAt(deps.db, input.email);
  if (existing && !existing.emailVerified) {
    await removeAccount(deps.db, existing.id);
    await createAdmin(deps, input, actor, now, { replaced: `user:${existing.id}`, previous: previousState(existing) });
    return "replaced-unconfirmed";
  }
  if (!existing) {
    await createAdmin(deps, input, actor, now, {});
    return "created";
  }
  if (!input.password) return existing.role === "admin" ? "already-admin" : "needs-password";
  await makeAdmin(deps, existing, actor, now, { password: input.password });
  return existing.role === "admin" ? "password-replaced" : "promoted";
}

/** better-auth's inner context: its password hashing and its own writes to the account tables. */
async function authContext(auth: AuthLoader) {
  return (await auth.load()).$context;
}

/**
 * Makes a confirmed account the admin. With `password`, the account gets that password, every session
 * ends and two-factor is turned off; without it (its owner has just proven the current password), only
 * its sessions end, so the next sign-in starts the admin's first session.
 */
export async function makeAdmin({ auth, db, dialect }: Deps, account: AccountState, actor: Actor, now: Date, change: { password?: string }): Promise<void> {
  const hash = change.password ? await (await authContext(auth)).password.hash(change.password) : null;
  await db.transaction().execute(async (trx) => {
    if (hash) {
      const updated = await trx.updateTable("account").set({ password: hash, updatedAt: authDate(dialect, now) }).where("userId", "=", account.id).where("providerId", "=", "credential").executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto("account").values({ id: randomUUID(), accountId: account.id, providerId: "credential", userId: account.id, password: hash, createdAt: authDate(dialect, now), updatedAt: authDate(dialect, now) }).execute();
      }
      await trx.deleteFrom("twoFactor").where("userId", "=", account.id).execute();
    }
    await trx.deleteFrom("admin_modes").where("user_id", "=", account.id).execute();
    await trx.deleteFrom("session").where("userId", "=", account.id).execute();
    await trx
      .updateTable("user")
      .set({ role: "admin", ...(hash ? { twoFactorEnabled: authBoolean(dialect, false) } : {}), updatedAt: authDate(dialect, now) })
      .where("id", "=", account.id)
      .execute();
    const details = { passwordReplaced: Boolean(hash), previous: previousState(account) };
    await recordAudit(trx, actor, { action: "admin.promoted", resource: `user:${account.id}`, details }, now);
  });
}

/** A new confirmed admin account, with the password if given (without one the owner sets it through "Forgot your password?"). */
async function createAdmin({ auth, db }: Deps, input: { email: string; password?: string | undefined; name?: string | undefined }, actor: Actor, now: Date, details: Record<string, unknown>) {
  const context = await authContext(auth);
  const user = await context.internalAdapter.createUser({ email: input.email, name: input.name ?? input.email.split("@")[0]!, emailVerified: true, role: "admin" }, { method: "email-password" });
  if (input.password) {
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await context.password.hash(input.password) });
  }
  await recordAudit(db, actor, { action: "admin.created", resource: `user:${user.id}`, details }, now);
}

/** Deletes an account with its password, sessions, two-factor and admin modes. */
async function removeAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_modes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("account").where("userId", "=", userId).execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
  });
}
