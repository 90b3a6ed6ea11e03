import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { withSessionPassword, type PasswordChecked } from "./session-password.server";

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
