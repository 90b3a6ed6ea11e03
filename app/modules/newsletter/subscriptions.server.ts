import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import { inWriteBatch } from "~/adapters/db/write-batches.server";
import type { Language } from "~/i18n/languages";
import { networkKey } from "~/lib/network";
import type { Actor } from "~/modules/audit/audit.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import type { SubscriberInput } from "./subscribe-form";
import { searchKey } from "./subscriber-search";

export type SubscribeOutcome =
  | { ok: true; id: string }
  | { ok: false; error: "duplicate" }
  | { ok: false; error: "tooMany"; retryAfterSeconds: number };

/** 32 random bytes, 64 hex characters. */
export const newUnsubscribeToken = () => randomBytes(32).toString("hex");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Records a subscription. Attempts are counted per address (5 per 15 minutes) and per network
 * before anything else is read or written, and the counts stand whatever the outcome. An address
 * subscribed but not confirmed is mailed a fresh confirmation link instead of being refused. Everything is
 * one transaction: the counts, the subscriber and the confirmation mail's outbox row; on SQLite the
 * sign-ups of a crowd share their commits (inWriteBatch), and the outcome is known once committed. The
 * per-address count's row makes two attempts for one address wait for each other, and the unique index
 * on the normalised address makes a duplicate impossible even so. Someone who unsubscribed may subscribe again.
 */
export async function subscribe(db: Db, input: SubscriberInput, language: Language, actor: Actor, now: Date): Promise<SubscribeOutcome> {
  try {
    return await inWriteBatch(db, async (trx): Promise<SubscribeOutcome> => {
      for (const [rule, subject] of [
        [LIMITS.subscribePerAddress, input.email],
        [LIMITS.subscribePerNetwork, networkKey(actor.ip)],
      ] as const) {
        const counted = await consume(trx, rule, subject, now);
        if (!counted.allowed) return { ok: false, error: "tooMany", retryAfterSeconds: counted.retryAfterSeconds };
      }
      const existing = await trx.selectFrom("subscribers").select(["id", "is_verified", "unsubscribed_at"]).where("email", "=", input.email).executeTakeFirst();
      if (existing && !existing.unsubscribed_at) {
        if (existing.is_verified) return { ok: false, error: "duplicate" };
        // Not confirmed yet (the mail was lost, or its link expired): a fresh link, as often as the count above allows.
        await queueConfirmationMail(trx, existing.id, now);
        return { ok: true, id: existing.id };
      }
      const fields = {
        first_name: input.firstName,
        last_name: input.lastName,
        first_name_key: searchKey(input.firstName),
        last_name_key: searchKey(input.lastName),
        message: input.message,
        interests: JSON.stringify(input.interests),
        source: input.source,
        language,
        unsubscribe_token: newUnsubscribeToken(),
        confirm_token_hash: null,
        is_verified: 0,
        created_at: now.toISOString(),
        confirmed_at: null,
        unsubscribed_at: null,
        ...mailQueued(now),
      };
      const id = existing?.id ?? randomUUID();
      if (existing) {
        const updated = await trx.updateTable("subscribers").set(fields).where("id", "=", id).where("unsubscribed_at", "is not", null).executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return { ok: false, error: "duplicate" };
      } else {
        await trx.insertInto("subscribers").values({ id, email: input.email, provider_id: null, ...fields }).execute();
      }
      await enqueue(trx, "newsletter.confirmation-mail", { subscriberId: id }, now);
      return { ok: true, id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate" };
    throw error;
  }
}

/** What the admin's list reads of a confirmation mail just queued. */
const mailQueued = (now: Date) => ({ confirmation_mail: "queued" as const, confirmation_mail_error: null, confirmation_mail_at: now.toISOString() });

/** Queues the confirmation mail of a subscriber already stored, and says so on the subscriber. */
export async function queueConfirmationMail(db: Db, subscriberId: string, now: Date): Promise<void> {
  await db.updateTable("subscribers").set(mailQueued(now)).where("id", "=", subscriberId).execute();
  await enqueue(db, "newsletter.confirmation-mail", { subscriberId }, now);
}

/** SQLite and PostgreSQL each name a unique-index conflict their own way. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/**
 * The double opt-in link: a valid, unused token, at most 48 hours old, confirms the
 * subscriber and queues the mailing-provider sync in the same transaction. Returns false otherwise.
 */
export async function confirmSubscription(db: Db, token: string, now: Date): Promise<boolean> {
  if (!/^[\w-]{20,100}$/.test(token)) return false;
  return db.transaction().execute(async (trx) => {
    const subscriber = await trx
      .selectFrom("subscribers")
      .select("id")
      .where("confirm_token_hash", "=", hashToken(token))
      .where("confirm_token_expires_at", ">", now.toISOString())
      .where("unsubscribed_at", "is", null)
      .executeTakeFirst();
    if (!subscriber) return false;
    const updated = await trx
      .updateTable("subscribers")
      .set({ is_verified: 1, confirmed_at: now.toISOString(), confirm_token_hash: null, confirm_token_expires_at: null })
      .where("id", "=", subscriber.id)
      .where("confirm_token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await enqueue(trx, "newsletter.provider-upsert", { subscriberId: subscriber.id }, now);
    return true;
  });
}

const UNSUBSCRIBE_TOKEN = /^[0-9a-f]{64}$/;

/** Whether a token belongs to a subscriber who is still subscribed (the GET page only shows a form). */
export async function findSubscription(db: Db, token: string): Promise<{ email: string } | null> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return null;
  const row = await db.selectFrom("subscribers").select(["email", "unsubscribed_at"]).where("unsubscribe_token", "=", token).executeTakeFirst();
  return row && !row.unsubscribed_at ? { email: row.email } : null;
}

/**
 * Unsubscribes by token: is_verified false and unsubscribed_at set, and the provider told in
 * the same transaction. An unknown or already used token changes nothing and is not reported (the
 * page stays neutral), so tokens cannot be probed.
 */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<boolean> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("subscribers").select("id").where("unsubscribe_token", "=", token).where("unsubscribed_at", "is", null).executeTakeFirst();
    if (!row) return false;
    await trx.updateTable("subscribers").set({ is_verified: 0, unsubscribed_at: now.toISOString(), confirm_token_hash: null }).where("id", "=", row.id).execute();
    await enqueue(trx, "newsletter.provider-unsubscribe", { subscriberId: row.id }, now);
    return true;
  });
}
