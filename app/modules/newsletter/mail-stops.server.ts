import type { Db } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

/** Why an address gets no more newsletter mail. */
export type MailStopReason = "hard-bounce" | "soft-bounces" | "complaint";

const clip = (text: string) => text.slice(0, 300);

/**
 * Stops newsletter mail to one subscriber: a hard bounce (a 5xx at send time or a failure report) or a
 * complaint (the reader marked a mail as spam, which also unsubscribes them). The first reason stays.
 */
export async function stopMail(db: Db, subscriberId: string, reason: MailStopReason, detail: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable("subscribers")
    .set({ mail_stopped_reason: reason, mail_stopped_at: stamp, mail_stopped_detail: clip(detail), ...(reason === "complaint" && { unsubscribed_at: stamp }) })
    .where("id", "=", subscriberId)
    .where("mail_stopped_at", "is", null)
    .execute();
}

/** Counts one soft bounce (a mail given up after its tries); at `limit` of them in a row the address is stopped. */
export async function countSoftBounce(db: Db, subscriberId: string, limit: number, detail: string, now: Date): Promise<void> {
  await db.updateTable("subscribers").set((eb) => ({ soft_bounces: eb("soft_bounces", "+", 1) })).where("id", "=", subscriberId).execute();
  const row = await db.selectFrom("subscribers").select("soft_bounces").where("id", "=", subscriberId).executeTakeFirst();
  if (row && Number(row.soft_bounces) >= limit) await stopMail(db, subscriberId, "soft-bounces", detail, now);
}

/** A mail was delivered: the soft bounces before it no longer count. */
export async function deliveredTo(db: Db, subscriberId: string): Promise<void> {
  await db.updateTable("subscribers").set({ soft_bounces: 0 }).where("id", "=", subscriberId).where("soft_bounces", ">", 0).execute();
}

/** The owner lets mail go to an address again (fixed mailbox, complaint made by mistake); audited. */
export async function clearMailStop(db: Db, subscriberId: string, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("subscribers").select(["mail_stopped_reason"]).where("id", "=", subscriberId).executeTakeFirst();
    if (!before?.mail_stopped_reason) return false;
    await trx.updateTable("subscribers").set({ mail_stopped_reason: null, mail_stopped_at: null, mail_stopped_detail: null, soft_bounces: 0 }).where("id", "=", subscriberId).execute();
    await recordAudit(trx, actor, { action: "newsletter.subscriber.mail-resumed", resource: `subscriber:${subscriberId}`, details: { was: before.mail_stopped_reason } }, now);
    return true;
  });
}
