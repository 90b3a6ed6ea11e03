import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";

export type SecondFactor = "totp" | "backup_code";
export type SignInMethod = "password" | "magic_link";
export type CodeError = "wrongCode" | "codeUsed" | "tooMany";
export type Refused<E extends string> = { ok: false; error: E; retryAfterSeconds?: number };

/** Six digits (spaces allowed) are an authenticator code; anything else is tried as a backup code. */
export function readSecondFactor(input: string): { factor: SecondFactor; code: string } {
  const digits = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? { factor: "totp", code: digits } : { factor: "backup_code", code: input.trim() };
}

/**
 * Counts one code attempt for the account (the 4th within 10 s is refused) and, for a TOTP code,
 * marks it used: a code is accepted once, even while the authenticator still shows it.
 */
export async function admitCode(db: Db, userId: string, answer: { factor: SecondFactor; code: string }, now: Date): Promise<Refused<CodeError> | null> {
  const attempt = await consume(db, LIMITS.twoFactorAttempts, userId, now);
  if (!attempt.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: attempt.retryAfterSeconds };
  if (answer.factor === "totp" && !(await consume(db, LIMITS.totpCodeUse, `${userId}:${answer.code}`, now)).allowed) {
    return { ok: false, error: "codeUsed" };
  }
  return null;
}

/** One wrong code; the one that spends LIMITS.twoFactorFailures is recorded as a medium security event. */
export async function countWrongCode(db: Db, actor: Actor & { userId: string }, now: Date): Promise<void> {
  const counted = await consume(db, LIMITS.twoFactorFailures, actor.userId, now);
  if (counted.allowed && counted.remaining === 0) {
    await recordSecurityEvent(db, actor, { type: "auth.two_factor_failure_burst", severity: "medium", details: { rule: LIMITS.twoFactorFailures.name } }, now);
  }
}

/** Whose sign-in waits for a second factor in this browser, or null when none (or it expired). */
export async function pendingTwoFactorUser(auth: AuthLoader, request: Request, now: Date): Promise<string | null> {
  const pending = await (await auth.load()).api.pendingTwoFactor({ headers: request.headers });
  return pending && pending.expiresAt.getTime() > now.getTime() ? pending.userId : null;
}

export type ChallengeOutcome = { ok: true; headers: Headers } | Refused<CodeError | "challengeExpired">;

/**
 * Finishes a sign-in that waits for its second factor: an authenticator code or a backup code (each
 * backup code works once). The returned headers carry the new session cookie.
 */
export async function answerTwoFactorChallenge(
  { auth, db, now }: { auth: AuthLoader; db: Db; now: Date },
  input: { code: string; method: SignInMethod },
  request: Request,
  actor: Actor,
): Promise<ChallengeOutcome> {
  const userId = await pendingTwoFactorUser(auth, request, now);
  if (!userId) return { ok: false, error: "challengeExpired" };
  const who = { ...actor, userId };
  const answer = readSecondFactor(input.code);
  const refused = await admitCode(db, userId, answer, now);
  if (refused) {
    if (refused.error === "codeUsed") await countWrongCode(db, who, now);
    return refused;
  }
  try {
    const { api } = await auth.load();
    const verify = answer.factor === "totp" ? api.verifyTOTP : api.verifyBackupCode;
    const { headers } = await verify({ body: { code: answer.code }, headers: request.headers, returnHeaders: true });
    const resource = `user:${userId}`;
    await recordAudit(db, who, { action: "auth.two_factor_verified", resource, details: { factor: answer.factor } }, now);
    await recordAudit(db, who, { action: "auth.signed_in", resource, details: { method: input.method, factor: answer.factor } }, now);
    return { ok: true, headers };
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    const code = error.body?.code;
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
      await countWrongCode(db, who, now);
      return { ok: false, error: "wrongCode" };
    }
    // better-auth locks the account's second factor after 10 wrong codes in a row, for 15 minutes.
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, error: "tooMany", retryAfterSeconds: 15 * 60 };
    // Five wrong codes end the challenge; an unknown or expired one cannot be answered either.
    return { ok: false, error: "challengeExpired" };
  }
}
