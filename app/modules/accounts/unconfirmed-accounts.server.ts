import { authBoolean, type AuthMails } from "~/adapters/auth/auth.server";
import type { Db, DialectName } from "~/adapters/db/database.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { VERIFY_LINK_HOURS } from "./auth-mails.server";

/**
 * The account mails with confirmation links limited per address (LIMITS.confirmationMailPerAddress,
 * counting the sign-up's mail and those re-sent at each sign-in with the right password), so nobody
 * can make the site flood an address. Each link mailed is noted on the account, for
 * `deleteExpiredUnconfirmedAccounts`.
 */
export function limitConfirmationMails(db: Db, mails: AuthMails, now: () => Date): AuthMails {
  return {
    ...mails,
    verifyEmail: async (user, token) => {
      const at = now();
      if (!(await consume(db, LIMITS.confirmationMailPerAddress, user.email, at)).allowed) return;
      await db.updateTable("user").set({ verificationSentAt: at.toISOString() }).where("email", "=", user.email).execute();
      await mails.verifyEmail(user, token);
    },
  };
}

/**
 * Removes accounts never confirmed whose latest confirmation link has expired, with their sessions,
 * credentials and second factor (the foreign keys cascade), so an address taken by someone who could
 * not confirm it becomes free again. Admin accounts are never removed. Safe to run in several
 * processes at once: one DELETE whose conditions are checked as it runs.
 */
export async function deleteExpiredUnconfirmedAccounts({ db, dialect }: { db: Db; dialect: DialectName }, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - VERIFY_LINK_HOURS * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom("user")
    .where("emailVerified", "=", authBoolean(dialect, false))
    .where((eb) => eb.or([eb("role", "is", null), eb("role", "!=", "admin")]))
    .where("createdAt", "<", cutoff)
    .where((eb) => eb.or([eb("verificationSentAt", "is", null), eb("verificationSentAt", "<", cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
