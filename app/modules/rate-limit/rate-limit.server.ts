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
}

/** The spec's limiter settings (§9): 5 per 15 minutes by default, and 3 per 60 s and 3 per 5 minutes. */
export const LIMITS = {
  contactPerAddress: { name: "contact", limit: 3, windowMs: 60_000 },
  /** Newsletter: 5 attempts per address per 15 minutes (spec §5, §9), and 20 an hour per network. */
  subscribePerAddress: { name: "subscribe", limit: 5, windowMs: 15 * 60_000 },
  subscribePerNetwork: { name: "subscribe-network", limit: 20, windowMs: 60 * 60_000 },
  commentPerAddress: { name: "comment", limit: 3, windowMs: 5 * 60_000 },
  /** Temporary cover uploads per admin account (spec §5, §9: 3 per 5 minutes). */
  temporaryCoverPerUser: { name: "temporary-cover", limit: 3, windowMs: 5 * 60_000 },
  /** Failed sign-ins for one address from one network; and from one network for any address. */
  signInPerAccount: { name: "sign-in", limit: 5, windowMs: 15 * 60_000 },
  signInPerNetwork: { name: "sign-in-network", limit: 30, windowMs: 15 * 60_000 },
  /** Password-reset mails asked for, per address and per network. */
  passwordResetPerAddress: { name: "password-reset", limit: 3, windowMs: 60 * 60_000 },
  /** Sign-in links asked for: 3 an hour and one a minute per address, 10 an hour per network. */
  signInLinkPerAddress: { name: "sign-in-link", limit: 3, windowMs: 60 * 60_000 },
  signInLinkInterval: { name: "sign-in-link-interval", limit: 1, windowMs: 60_000 },
  signInLinkPerNetwork: { name: "sign-in-link-network", limit: 10, windowMs: 60 * 60_000 },
  /** Second-factor codes tried per account: the 4th within 10 s is refused (security-tests "Auth & sessions"). */
  twoFactorAttempts: { name: "two-factor", limit: 3, windowMs: 10_000 },
  /** Wrong second-factor codes per account; reaching the limit is recorded as a security event. */
  twoFactorFailures: { name: "two-factor-failures", limit: 5, windowMs: 15 * 60_000 },
  /** A TOTP code is accepted once: it stays valid 90 s (the current step and one either side). */
  totpCodeUse: { name: "totp-code", limit: 1, windowMs: 90_000 },
} satisfies Record<string, RateLimit>;

/**
 * Counts one attempt for `subject` in a fixed window and says whether it is allowed. One atomic
 * upsert per attempt, so concurrent requests and several server processes share the same count.
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
  };
}

/** Whether another attempt would be allowed, without counting one. */
export async function peek(db: Db, rule: RateLimit, subject: string, now: Date): Promise<RateLimitResult> {
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
