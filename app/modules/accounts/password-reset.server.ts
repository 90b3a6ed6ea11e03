import { APIError } from "better-auth/api";
import type { Auth } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { queueLinkRequest } from "./account-mail-queue.server";
import { withSessionPassword, type PasswordChecked } from "./session-password.server";

/**
 * Queues a reset link for the address; the outbox worker makes and mails it when the address has an
 * account. The request does the same work, and the caller answers the same, either way, so the form
 * does not tell who has an account.
 */
export async function requestPasswordReset(deps: { db: Db; now: Date; wake?: (() => void) | undefined }, email: string): Promise<void> {
  await queueLinkRequest(deps, "reset", email);
}

/** Sets the new password from a one-time link; false when the link is unknown, used or expired. */
export async function resetPassword(auth: Auth, token: string, newPassword: string): Promise<boolean> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

/**
 * Changes the password of the signed-in user and signs out their other devices; the value is this
 * device's headers with the new session cookie. Limited per account (withSessionPassword).
 */
export async function changePassword(
  { auth, db, now }: { auth: Auth; db: Db; now: Date },
  request: Request,
  userId: string,
  passwords: { current: string; next: string },
): Promise<PasswordChecked<Headers>> {
  return withSessionPassword(db, userId, now, async () => {
    try {
      const { headers } = await auth.api.changePassword({
        body: { currentPassword: passwords.current, newPassword: passwords.next, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
      return headers;
    } catch (error) {
      if (error instanceof APIError) return null;
      throw error;
    }
  });
}
