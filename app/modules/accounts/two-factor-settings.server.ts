import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { withSessionPassword, type PasswordChecked } from "./session-password.server";
import { admitCode, countWrongCode, readSecondFactor, type CodeError, type Refused } from "./two-factor.server";

interface Deps {
  auth: AuthLoader;
  db: Db;
  now: Date;
}

type SignedInActor = Actor & { userId: string };

const audit = (db: Db, actor: SignedInActor, action: string, now: Date) => recordAudit(db, actor, { action, resource: `user:${actor.userId}` }, now);

/** better-auth's answer to a wrong password (or one too long to be anyone's). */
function isWrongPassword(error: unknown): boolean {
  return isAuthRefusal(error) && (error.body?.code === "INVALID_PASSWORD" || error.body?.code === "PASSWORD_TOO_LONG");
}

/**
 * First step of turning two-factor on: after the password, a new secret for the authenticator app
 * (as an otpauth:// URI). Nothing is enforced until a code from the app confirms it.
 */
export async function startEnrolment({ auth, db, now }: Deps, request: Request, actor: SignedInActor, password: string): Promise<PasswordChecked<string>> {
  return withSessionPassword(db, actor.userId, now, async () => {
    try {
      const started = await (await auth.load()).api.enableTwoFactor({ body: { password }, headers: request.headers });
      if ("totpURI" in started && started.totpURI) return started.totpURI;
      throw new Error("better-auth enabled two-factor without a TOTP secret");
    } catch (error) {
      if (isWrongPassword(error)) return null;
      throw error;
    }
  });
}

export type EnrolmentDone = { ok: true; headers: Headers; backupCodes: string[] } | Refused<CodeError>;

/**
 * Confirms the enrolment with a code from the app: two-factor is on from now, the backup codes are
 * returned to be shown once, and the headers carry the session cookie better-auth renews.
 */
export async function confirmEnrolment({ auth, db, now }: Deps, code: string, request: Request, actor: SignedInActor): Promise<EnrolmentDone> {
  const answer = readSecondFactor(code);
  if (answer.factor !== "totp") return { ok: false, error: "wrongCode" };
  const refused = await admitCode(db, actor.userId, answer, now);
  if (refused) return refused;
  const { api } = await auth.load();
  let headers: Headers;
  try {
    ({ headers } = await api.verifyTOTP({ body: { code: answer.code }, headers: request.headers, returnHeaders: true }));
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    await countWrongCode(db, actor, now);
    return { ok: false, error: "wrongCode" };
  }
  const { backupCodes } = await api.viewBackupCodes({ body: { userId: actor.userId } });
  await audit(db, actor, "auth.two_factor_enabled", now);
  return { ok: true, headers, backupCodes };
}

/** New backup codes (the old ones stop working), after the password. */
export async function regenerateBackupCodes({ auth, db, now }: Deps, password: string, request: Request, actor: SignedInActor): Promise<PasswordChecked<string[]>> {
  const checked = await withSessionPassword(db, actor.userId, now, async () => {
    try {
      return (await (await auth.load()).api.generateBackupCodes({ body: { password }, headers: request.headers })).backupCodes;
    } catch (error) {
      if (isWrongPassword(error)) return null;
      throw error;
    }
  });
  if (checked.ok) await audit(db, actor, "auth.two_factor_backup_codes_regenerated", now);
  return checked;
}

/** Turns two-factor off after the password; the value is the headers with the renewed session cookie. */
export async function disableTwoFactor({ auth, db, now }: Deps, password: string, request: Request, actor: SignedInActor): Promise<PasswordChecked<Headers>> {
  const checked = await withSessionPassword(db, actor.userId, now, async () => {
    try {
      return (await (await auth.load()).api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true })).headers;
    } catch (error) {
      if (isWrongPassword(error)) return null;
      throw error;
    }
  });
  if (checked.ok) await audit(db, actor, "auth.two_factor_disabled", now);
  return checked;
}
