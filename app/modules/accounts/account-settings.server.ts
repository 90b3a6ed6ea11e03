import type { AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { Refusal } from "~/lib/refusal";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { changePassword } from "./password-reset.server";
import type { PasswordChecked } from "./session-password.server";

/** A change the signed-in user makes on the account page: the services, the request and who sent it. */
export interface AccountChange {
  auth: AuthLoader;
  db: Db;
  now: Date;
  request: Request;
  actor: Actor & { userId: string };
}

const audit = ({ db, actor, now }: AccountChange, action: string) => recordAudit(db, actor, { action, resource: `user:${actor.userId}` }, now);

/**
 * The value of a change that asked for the current password, or its refusal on `field`: 400 for a
 * wrong password, 429 with Retry-After once the account's checks are spent.
 */
export function passwordChecked<T>(checked: PasswordChecked<T>, field: string): T {
  if (checked.ok) return checked.value;
  throw new Refusal(checked.error, { field, status: checked.error === "tooMany" ? 429 : 400, retryAfterSeconds: checked.retryAfterSeconds });
}

/** Ends the user's sessions on every other device. */
export async function signOutOtherDevices(change: AccountChange): Promise<void> {
  const { api } = await change.auth.load();
  await api.revokeOtherSessions({ headers: change.request.headers });
  await audit(change, "auth.signed_out_others");
}

/** Ends every session of the user; the headers clear this device's cookie. */
export async function signOutEverywhere(change: AccountChange): Promise<Headers> {
  // The others first, then this one through better-auth, which also clears the cookie it set.
  const { api } = await change.auth.load();
  await api.revokeOtherSessions({ headers: change.request.headers });
  const { headers } = await api.signOut({ headers: change.request.headers, returnHeaders: true });
  await audit(change, "auth.signed_out_everywhere");
  return headers;
}

/**
 * Changes the password after the current one and signs out the other devices; the headers carry
 * this device's new session cookie. A wrong current password is refused on `currentPassword`.
 */
export async function changeOwnPassword(change: AccountChange, passwords: { current: string; next: string }): Promise<Headers> {
  const headers = passwordChecked(await changePassword(change, change.request, change.actor.userId, passwords), "currentPassword");
  await audit(change, "auth.password_changed");
  return headers;
}
