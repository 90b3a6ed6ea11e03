import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { networkKey } from "~/lib/network";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { queueLinkRequest } from "./account-mail-queue.server";

interface Deps {
  auth: AuthLoader;
  db: Db;
  now: Date;
  /** Asks the outbox worker to look for work now (services.outbox.wake). */
  wake?: (() => void) | undefined;
}

export type LinkRequestOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Queues a one-time sign-in link; the outbox worker makes and mails it when the address belongs to a
 * confirmed account (the auth adapter decides, see createAuth). Limits are counted and the request is
 * queued for every address, known or not, and the caller answers the same either way, so neither the
 * answer nor its time tells who has an account.
 */
export async function requestSignInLink({ db, now, wake }: Deps, email: string, actor: Actor): Promise<LinkRequestOutcome> {
  const limits = [
    { rule: LIMITS.signInLinkInterval, subject: email },
    { rule: LIMITS.signInLinkPerAddress, subject: email },
    { rule: LIMITS.signInLinkPerNetwork, subject: networkKey(actor.ip) },
  ];
  for (const { rule, subject } of limits) {
    const counted = await consume(db, rule, subject, now);
    if (!counted.allowed) return { ok: false, retryAfterSeconds: counted.retryAfterSeconds };
  }
  await queueLinkRequest({ db, now, wake }, "signInLink", email);
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  await recordAudit(db, actor, { action: "auth.magic_link_requested", resource: user ? `user:${user.id}` : "user:unknown" }, now);
  return { ok: true };
}

export type LinkOpenOutcome = { ok: true; headers: Headers; twoFactor: boolean } | { ok: false };

/**
 * Signs in with a mailed link (once; an expired, used or unknown token fails). An account with
 * two-factor on gets the pending challenge instead of a session (the adapter's sign-in-link guard).
 */
export async function openSignInLink({ auth, db, now }: Deps, token: string, request: Request, actor: Actor): Promise<LinkOpenOutcome> {
  let result: { headers: Headers; response: unknown };
  try {
    result = await (await auth.load()).api.magicLinkVerify({ query: { token }, headers: request.headers, returnHeaders: true });
  } catch (error) {
    // Matched by name, not instanceof: when two presses race for one token, the loser's refusal is the
    // plugin's redirect to its error page, an error of better-call's own class.
    if (isAuthRefusal(error)) return { ok: false };
    throw error;
  }
  const response = result.response as { twoFactorRedirect?: boolean; user?: { id: string }; session?: { id: string } };
  if (response.twoFactorRedirect) return { ok: true, headers: result.headers, twoFactor: true };
  if (!response.user) return { ok: false };
  const who = { ...actor, userId: response.user.id, sessionId: response.session?.id ?? null };
  await recordAudit(db, who, { action: "auth.signed_in", resource: `user:${response.user.id}`, details: { method: "magic_link" } }, now);
  return { ok: true, headers: result.headers, twoFactor: false };
}
