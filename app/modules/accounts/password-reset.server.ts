import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { networkKey } from "~/lib/network";
import type { Actor } from "~/modules/audit/audit.server";
import { LIMITS, takeAll } from "~/modules/rate-limit/rate-limit.server";
import { queueLinkRequest } from "./account-mail-queue.server";
import type { LinkRequestOutcome } from "./sign-in-link.server";
import { withSessionPassword, type PasswordChecked } from "./session-password.server";

/**
 * Queues a reset link for the address; the outbox worker makes and mails it when the address has an
 * account. The limits (per address, then per network) are counted and the request does the same
 * work either way, so the form does not tell who has an account.
 */
export async function requestPasswordReset(deps: { db: Db; now: Date; wake?: (() => void) | undefined }, email: string, actor: Actor): Promise<LinkRequestOutcome> {
  const limits = await takeAll(deps.db, [
    { rule: LIMITS.passwordResetPerAddress, subject: `email:${email}` },
    { rule: LIMITS.passwordResetPerAddress, subject: `ip:${networkKey(actor.ip)}` },
  ], deps.now);
  if (!limits.allowed) return { ok: false, retryAfterSeconds: limits.retryAfterSeconds };
  await queueLinkRequest(deps, "reset", email);
  return { ok: true };
}

/** Sets the new password from a one-time link; false when the link is unknown, used or expired. */
export async function resetPassword(auth: AuthLoader, token: string, newPassword: string): Promise<boolean> {
  try {
    await (await auth.load()).api.resetPassword({ body: { token, newPassword } });
    return true;
  } catch (error) {
    if (isAuthRefusal(error)) return false;
    throw error;
  }
}

/**
 * Changes the password of the signed-in user and signs out their other devices; the value is this
 * device's headers with the new session cookie. Limited per account (withSessionPassword).
 */
export async function changePassword(
  { auth, db, now }: { auth: AuthLoader; db: Db; now: Date },
  request: Request,
  userId: string,
  passwords: { current: string; next: string },
): Promise<PasswordChecked<Headers>> {
  return withSessionPassword(db, userId, now, async () => {
    try {
      const { headers } = await (await auth.load()).api.changePassword({
        body: { currentPassword: passwords.current, newPassword: passwords.next, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
      return headers;
    } catch (error) {
      if (isAuthRefusal(error)) return null;
      throw error;
    }
  });
}
