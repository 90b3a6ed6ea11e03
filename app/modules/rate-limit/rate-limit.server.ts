import { sql } from "kysely";
import type { Db } from "~/adapters/db/database.server";

export interface RateLimit {
  /** What is limited, e.g. "contact" or "comment". */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets, for Retry-After. */
  retryAfterSeconds: number;
  /** When the counted window ends (ISO text): `giveBack` returns an attempt only to this window. */
  resetAt: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every limit the site applies. Keys named "per network" take `networkKey(ip)` (an IPv6 /64 is one
 * network); the others take a normalised email address or an account id.
 */
export const LIMITS = {
  contactPerAddress: { name: "contact", limit: 3, windowMs: MINUTE },
  /** Newsletter: 5 attempts per address per 15 minutes, and 20 an hour per network. */
  subscribePerAddress: { name: "subscribe", limit: 5, windowMs: 15 * MINUTE },
  subscribePerNetwork: { name: "subscribe-network", limit: 20, windowMs: HOUR },
  commentPerAddress: { name: "comment", limit: 3, windowMs: 5 * MINUTE },
  /** Temporary cover uploads per admin account: 3 per 5 minutes. */
  temporaryCoverPerUser: { name: "temporary-cover", limit: 3, windowMs: 5 * MINUTE },
  /**
   * Password sign-ins, taken in this order and stopping at the first one spent: one address from one
   * network, one network (per 15 minutes and per day), and one address from anywhere. A right
   * password gives its attempt back, so these count failures. A known device of the account (one
   * that signed in with its password before) takes its own allowance instead: signInPerDevice.
   */
  signInPerAccount: { name: "sign-in", limit: 5, windowMs: 15 * MINUTE },
  signInPerNetwork: { name: "sign-in-network", limit: 30, windowMs: 15 * MINUTE },
  signInPerNetworkDaily: { name: "sign-in-network-day", limit: 100, windowMs: 24 * HOUR },
  signInPerAddress: { name: "sign-in-address", limit: 30, windowMs: HOUR },
  signInPerDevice: { name: "sign-in-device", limit: 10, windowMs: HOUR },
  /** Password checks from inside a session (change password, two-factor settings), per account. */
  sessionPasswordPerUser: { name: "session-password", limit: 5, windowMs: 15 * MINUTE },
  /** Sign-ups: 10 an hour per network, 3 a day per address. */
  signUpPerNetwork: { name: "sign-up-network", limit: 10, windowMs: HOUR },
  signUpPerAddress: { name: "sign-up", limit: 3, windowMs: 24 * HOUR },
  /** Confirmation mails (the sign-up's and those re-sent at sign-in) per address per day. */
  confirmationMailPerAddress: { name: "confirmation-mail", limit: 3, windowMs: 24 * HOUR },
  /** Password-reset mails asked for, per address and per network. */
  passwordResetPerAddress: { name: "password-reset", limit: 3, windowMs: HOUR },
  /** Sign-in links asked for: 3 an hour and one a minute per address, 10 an hour per network. */
  signInLinkPerAddress: { name: "sign-in-link", limit: 3, windowMs: HOUR },
  signInLinkInterval: { name: "sign-in-link-interval", limit: 1, windowMs: MINUTE },
  signInLinkPerNetwork: { name: "sign-in-link-network", limit: 10, windowMs: HOUR },
  /** Second-factor codes tried per account: the 4th within 10 s is refused. */
  twoFactorAttempts: { name: "two-factor", limit: 3, windowMs: 10_000 },
  /** Wrong second-factor codes per account; reaching the limit is recorded as a security event. */
  twoFactorFailures: { name: "two-factor-failures", limit: 5, windowMs: 15 * MINUTE },
  /** A TOTP code is accepted once: it stays valid 90 s (the current step and one either side). */
  totpCodeUse: { name: "totp-code", limit: 1, windowMs: 90_000 },
} satisfies Record<string, RateLimit>;

/**
 * Counts one attempt for `subject` in a fixed window and says whether it is allowed. One atomic
 * upsert per attempt, so concurrent requests and several server processes share the same count.
 * Call it before the work it guards: a check that reads the count and counts later lets a burst of
 * parallel requests all pass the check.
 */
export async function consume(db: Db, rule: RateLimit, subject: string, now: Date): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const nowText = now.toISOString();
  const resetText = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, reset_at: resetText })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${nowText} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<string>`case when rate_limits.reset_at <= ${nowText} then ${resetText} else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.reset_at) - now.getTime()) / 1000)),
    resetAt: row.reset_at,
  };
}

/**
 * Returns an attempt that turned out not to count (a right password), to the window it was taken
 * from; once that window has ended there is nothing to return.
 */
export async function giveBack(db: Db, rule: RateLimit, subject: string, taken: RateLimitResult): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", `${rule.name}:${subject}`)
    .where("reset_at", "=", taken.resetAt)
    .where("count", ">", 0)
    .execute();
}

export interface LimitCheck {
  rule: RateLimit;
  subject: string;
}

export type Taken = LimitCheck & { result: RateLimitResult };

export type TakeOutcome = { allowed: true; taken: Taken[] } | { allowed: false; retryAfterSeconds: number; taken: Taken[] };

/**
 * Consumes the checks in order and stops at the first one spent, so an attempt refused by a narrow
 * limit (one address from one network) does not also use up a broader one (the address from
 * anywhere). `taken` lists the attempts that were allowed, for `giveBackAll`.
 */
export async function takeAll(db: Db, checks: LimitCheck[], now: Date): Promise<TakeOutcome> {
  const taken: Taken[] = [];
  for (const check of checks) {
    const result = await consume(db, check.rule, check.subject, now);
    if (!result.allowed) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds, taken };
    taken.push({ ...check, result });
  }
  return { allowed: true, taken };
}

export async function giveBackAll(db: Db, taken: Taken[]): Promise<void> {
  for (const { rule, subject, result } of taken) await giveBack(db, rule, subject, result);
}

/**
 * Whether a limit is already spent, without counting. Only a shortcut for work that is cheap to skip:
 * whatever the limit guards must still be taken with `consume`, which is atomic.
 */
export async function peek(db: Db, rule: RateLimit, subject: string, now: Date): Promise<Omit<RateLimitResult, "resetAt">> {
  const row = await db.selectFrom("rate_limits").select(["count", "reset_at"]).where("key", "=", `${rule.name}:${subject}`).executeTakeFirst();
  const resetAt = row ? Date.parse(row.reset_at) : 0;
  const count = row && resetAt > now.getTime() ? Number(row.count) : 0;
  return {
    allowed: count < rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: count ? Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) : 0,
  };
}

/** Deletes the counters whose window has ended; they would start from zero anyway. */
export async function deleteExpiredLimits(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("reset_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
