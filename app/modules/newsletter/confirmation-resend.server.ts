import type { Db } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { queueConfirmationMail } from "./subscriptions.server";

export type ResendOutcome =
  | { ok: true; email: string }
  | { ok: false; reason: "notWaiting" }
  | { ok: false; reason: "tooMany"; retryAfterSeconds: number };

/**
 * The admin's 'Resend' for a subscriber still waiting for confirmation: a fresh link is queued (it
 * replaces the one before) and the resend is audited. It counts against the address's own limit, the
 * same five per 15 minutes as subscribing, so no address is flooded whoever asks.
 */
export async function resendConfirmation(db: Db, actor: Actor, subscriberId: string, now: Date): Promise<ResendOutcome> {
  return db.transaction().execute(async (trx): Promise<ResendOutcome> => {
    const subscriber = await trx.selectFrom("subscribers").select(["id", "email", "is_verified", "unsubscribed_at"]).where("id", "=", subscriberId).executeTakeFirst();
    if (!subscriber || Number(subscriber.is_verified) === 1 || subscriber.unsubscribed_at) return { ok: false, reason: "notWaiting" };
    const counted = await consume(trx, LIMITS.subscribePerAddress, subscriber.email, now);
    if (!counted.allowed) return { ok: false, reason: "tooMany", retryAfterSeconds: counted.retryAfterSeconds };
    await queueConfirmationMail(trx, subscriber.id, now);
    await recordAudit(trx, actor, { action: "resend_confirmation", resource: "subscribers", details: { subscriberId } }, now);
    return { ok: true, email: subscriber.email };
  });
}
