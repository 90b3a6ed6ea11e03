import { authBoolean, type Auth } from "~/adapters/auth/auth.server";
import type { Db, DialectName } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

export type AdminCreation = "created" | "promoted" | "already-admin";

/**
 * Makes `email` a verified administrator: promotes an existing account, or creates one (with the
 * password if given; without one the owner sets it through "Forgot your password?").
 */
export async function createOrPromoteAdmin(
  { auth, db, dialect }: { auth: Auth; db: Db; dialect: DialectName },
  input: { email: string; password?: string | undefined; name?: string | undefined },
  actor: Actor,
  now: Date,
): Promise<AdminCreation> {
  const existing = await db.selectFrom("user").select(["id", "role"]).where("email", "=", input.email).executeTakeFirst();
  if (existing) {
    if (existing.role === "admin") return "already-admin";
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("user").set({ role: "admin", emailVerified: authBoolean(dialect, true) }).where("id", "=", existing.id).execute();
      await recordAudit(trx, actor, { action: "admin.promoted", resource: `user:${existing.id}`, details: { email: input.email } }, now);
    });
    return "promoted";
  }
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser({
    email: input.email,
    name: input.name ?? input.email.split("@")[0]!,
    emailVerified: true,
    role: "admin",
  }, { method: "email-password" });
  if (input.password) {
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(input.password),
    });
  }
  await recordAudit(db, actor, { action: "admin.created", resource: `user:${user.id}`, details: { email: input.email } }, now);
  return "created";
}
