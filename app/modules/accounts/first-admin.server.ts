import type { AuthLoader } from "~/adapters/auth/auth.server";
import type { Db, DialectName } from "~/adapters/db/database.server";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/modules/audit/audit.server";
import type { DeviceCookieConfig } from "./known-device.server";
import { signInWithPassword, type SignInOutcome } from "./password-sign-in.server";
import { accountAt, createOrPromoteAdmin, makeAdmin } from "./admins.server";
import { spendSetupToken } from "./setup-link.server";

/**
 * The one-time setup link's form: makes the owner's account the first admin and signs it in.
 * - No account at the address, or one nobody confirmed: a new confirmed admin account with the given
 *   password (an unconfirmed one is removed first, so a stranger's sign-up never becomes the admin).
 * - A confirmed account: only with that account's own password (it may be a reader's); it becomes the
 *   admin keeping its password and two-factor, and its earlier sessions end.
 * The token is spent before anything changes, so two forms sent at once create one admin. Refused
 * with "setupUsed" (410) when another form spent it first, or "existingAccountPassword" for a wrong one.
 */
export async function createFirstAdmin(
  services: { auth: AuthLoader; db: Db; dialect: DialectName; config: DeviceCookieConfig; now: () => Date },
  token: string,
  input: { name: string; email: string; password: string },
  request: Request,
  actor: Actor,
): Promise<SignInOutcome> {
  const { db, now } = services;
  const existing = await accountAt(db, input.email);
  const confirmed = existing?.emailVerified ? existing : null;
  if (confirmed) {
    const proof = await signInWithPassword({ ...services, now: now() }, input, request, actor);
    if (!proof.ok) throw new Refusal("existingAccountPassword", { field: "password" });
  }
  if (!(await spendSetupToken(db, token, now()))) throw new Refusal("setupUsed", { status: 410 });
  if (confirmed) await makeAdmin(services, confirmed, actor, now(), {});
  else await createOrPromoteAdmin(services, input, actor, now());
  return signInWithPassword({ ...services, now: now() }, input, request, actor);
}
