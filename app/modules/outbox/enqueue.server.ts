import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/adapters/db/schema";

/** The kinds of deferred work, each with its payload. */
export interface OutboxTopics {
  /** Mail the double opt-in link to a new subscriber. */
  "newsletter.confirmation-mail": { subscriberId: string };
  /** Add or update a confirmed subscriber at the mailing provider. */
  "newsletter.provider-upsert": { subscriberId: string };
  /** Tell the mailing provider a subscriber left. */
  "newsletter.provider-unsubscribe": { subscriberId: string };
  /**
   * Mail an account link (confirm the address, reset the password, sign in). The token is the one the
   * auth library made for this link, which works until `expiresAt`; the address, name and language are
   * read when the mail is sent.
   */
  "accounts.mail": { kind: "verify" | "reset" | "signInLink"; userId: string; token: string; expiresAt: string };
  /**
   * A password-reset or sign-in link was asked for this address: make the link and queue its mail when
   * the address has an account. Queued for every address, so the request does the same work either way.
   */
  "accounts.link-request": { kind: "reset" | "signInLink"; email: string };
  /**
   * Send a newsletter issue scheduled for `sendAt`: its deliveries are written when it starts, then sent
   * a slice at a time (the row runs again until every mail is settled). A rescheduled issue is left to
   * the row of its new time.
   */
  "newsletter.issue-send": { issueId: string; sendAt: string };
  /** Send an issue's mail in one language to the owner, as a test: the address is removed once sent. */
  "newsletter.issue-test": { issueId: string; language: string; email: string };
  /** Read the bounce mailbox: bounce reports and complaints stop mail to their addresses. */
  "newsletter.bounces": Record<string, never>;
  /** Mail a stored contact message to the owner. */
  "contact.owner-mail": { messageId: string };
  /**
   * Publish an article scheduled for `publishAt` (queued to run then). It is published only while it
   * is still scheduled for that very time, so a rescheduled or unpublished article is left alone.
   */
  "articles.publish-scheduled": { articleId: string; publishAt: string };
}
export type OutboxTopic = keyof OutboxTopics;

/** The topics that send a mail: when the mail server cannot be reached, all of them wait together. */
export const MAIL_TOPICS: readonly OutboxTopic[] = ["newsletter.confirmation-mail", "newsletter.issue-test", "accounts.mail", "contact.owner-mail"];

/**
 * Payload fields removed once a row is finished (sent, given up or refused): a one-time link's token
 * and a typed-in address are needed only until the work is done, not for the week the row is kept.
 */
export const FIELDS_REMOVED_WHEN_FINISHED: readonly string[] = ["token", "email"];

/**
 * Writes one piece of deferred work, due now or at `runAt`. Pass the transaction of the change that
 * calls for it: the work then exists exactly when the change committed, and survives a crash right after.
 */
export async function enqueue<T extends OutboxTopic>(db: Kysely<Database>, topic: T, payload: OutboxTopics[T], now: Date, runAt: Date = now): Promise<string> {
  const id = randomUUID();
  const stamp = now.toISOString();
  await db
    .insertInto("outbox")
    .values({ id, topic, payload: JSON.stringify(payload), attempts: 0, run_at: runAt.toISOString(), claimed_until: null, last_error: null, created_at: stamp, done_at: null })
    .execute();
  return id;
}

/**
 * Makes a row that was queued for a later `runAt` due at `now`, while no worker has taken it yet: work
 * held back until the request that queued it has answered (its row exists, and survives a crash, from
 * the request on; left alone, it becomes due at its `runAt` anyway).
 */
export async function releaseHeld(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db.updateTable("outbox").set({ run_at: stamp }).where("id", "=", id).where("attempts", "=", 0).where("done_at", "is", null).where("run_at", ">", stamp).execute();
}
