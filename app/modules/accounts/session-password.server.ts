import type { Db } from "~/adapters/db/database.server";
import { consume, giveBack, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import type { Refused } from "./two-factor.server";

export type PasswordChecked<T> = { ok: true; value: T } | Refused<"currentPasswordWrong" | "tooMany">;

/**
 * Runs a change that asks a signed-in user for their password (change password, two-factor
 * settings) under the account's limit, taken before the password is checked: a stolen session
 * cannot guess the password faster than LIMITS.sessionPasswordPerUser, even with parallel requests.
 * `attempt` answers null for a wrong password; a right one gives its attempt back.
 */
export async function withSessionPassword<T>(db: Db, userId: string, now: Date, attempt: () => Promise<T | null>): Promise<PasswordChecked<T>> {
  const taken = await consume(db, LIMITS.sessionPasswordPerUser, userId, now);
  if (!taken.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: taken.retryAfterSeconds };
  const value = await attempt();
  if (value === null) return { ok: false, error: "currentPasswordWrong" };
  await giveBack(db, LIMITS.sessionPasswordPerUser, userId, taken);
  return { ok: true, value };
}
