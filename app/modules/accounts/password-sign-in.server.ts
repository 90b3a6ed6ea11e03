import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { networkKey } from "~/lib/network";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { giveBackAll, LIMITS, takeAll, type LimitCheck } from "~/modules/rate-limit/rate-limit.server";
import { knownDeviceCookie, knownDeviceOf, newDeviceId, type DeviceCookieConfig, type KnownDevice } from "./known-device.server";

export type SignInOutcome =
  | { ok: true; headers: Headers; userId: string; twoFactor?: false }
  /** The password was right; the account's second factor is asked next (the headers set the challenge cookie). */
  | { ok: true; headers: Headers; twoFactor: true }
  | { ok: false; error: "invalidCredentials" | "emailNotVerified" | "tooMany"; retryAfterSeconds?: number };

interface Deps {
  auth: AuthLoader;
  db: Db;
  now: Date;
  config: DeviceCookieConfig;
}

/**
 * The limits one password sign-in takes. A stranger's, narrowest first (see LIMITS.signIn*): the
 * address from one network, the network, and the address from anywhere, which every stranger shares.
 * A known device of the account takes its own allowance instead, so strangers' guesses never pause it.
 */
function signInChecks(email: string, ip: string | null, device: KnownDevice | null): LimitCheck[] {
  if (device) return [{ rule: LIMITS.signInPerDevice, subject: `${device.userId}|${device.deviceId}` }];
  const network = networkKey(ip);
  return [
    { rule: LIMITS.signInPerAccount, subject: `${email}|${network}` },
    { rule: LIMITS.signInPerNetwork, subject: network },
    { rule: LIMITS.signInPerNetworkDaily, subject: network },
    { rule: LIMITS.signInPerAddress, subject: email },
  ];
}

const accountIdOf = async (db: Db, email: string) => (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst())?.id;

/** The request's known device when its signed cookie names the account at this address; otherwise the request is a stranger's. */
async function deviceOfAccount(deps: Deps, request: Request, email: string): Promise<KnownDevice | null> {
  const device = knownDeviceOf(deps.config, request);
  return device && device.userId === (await accountIdOf(deps.db, email)) ? device : null;
}

/**
 * Email + password sign-in. Each attempt takes its limits before the password is checked, so a
 * burst of parallel guesses gets no more checks than the limits allow; a right password gives the
 * attempts back, so only failures stay counted, and marks the browser as a known device of the
 * account (known-device.server.ts), keeping the id it had. The wrong password that spends a limit is
 * recorded as a medium security event naming the account, when the address has one.
 */
export async function signInWithPassword(deps: Deps, credentials: { email: string; password: string }, request: Request, actor: Actor): Promise<SignInOutcome> {
  const { auth, db, now } = deps;
  const device = await deviceOfAccount(deps, request, credentials.email);
  const limits = await takeAll(db, signInChecks(credentials.email, actor.ip, device), now);
  if (!limits.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: limits.retryAfterSeconds };
  try {
    const { headers, response } = await (await auth.load()).api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await giveBackAll(db, limits.taken);
    const userId = "user" in response ? response.user.id : await accountIdOf(db, credentials.email);
    if (userId) headers.append("Set-Cookie", knownDeviceCookie(deps.config, { userId, deviceId: device?.deviceId ?? newDeviceId() }));
    if ("twoFactorRedirect" in response) return { ok: true, headers, twoFactor: true };
    await recordAudit(db, { ...actor, userId: response.user.id }, { action: "auth.signed_in", resource: `user:${response.user.id}`, details: { method: "password" } }, now);
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
    // better-auth says "not confirmed" only after the password matched.
    if (error.body?.code === "EMAIL_NOT_VERIFIED") {
      await giveBackAll(db, limits.taken);
      return { ok: false, error: "emailNotVerified" };
    }
    const spent = limits.taken.filter(({ result }) => result.remaining === 0);
    if (spent.length) {
      const accountId = await accountIdOf(db, credentials.email);
      for (const { rule } of spent) {
        const details = { rule: rule.name, email: credentials.email };
        await recordSecurityEvent(db, { ...actor, userId: accountId ?? null }, { type: "auth.failed_sign_in_burst", severity: "medium", details }, now);
      }
    }
    return { ok: false, error: "invalidCredentials" };
  }
}
