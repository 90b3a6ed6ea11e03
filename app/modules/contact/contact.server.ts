import { randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import type { MailMessage } from "~/adapters/mail/mailer.server";
import type { Language } from "~/i18n/languages";
import { enqueue } from "~/modules/outbox/enqueue.server";
import type { ContactInput } from "./contact-form";

/**
 * Stores a message and queues its mail to the owner in the same transaction; the outbox worker sends
 * it, so the reader's answer never waits on the mail server and a failed send is retried.
 */
export async function saveContactMessage(db: Db, input: ContactInput, language: Language, now: Date): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({ id, ...input, language, status: "new", created_at: now.toISOString(), mailed_at: null })
      .execute();
    await enqueue(trx, "contact.owner-mail", { messageId: id }, now);
  });
  return id;
}

export async function markMailed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable("contact_messages").set({ mailed_at: now.toISOString() }).where("id", "=", id).execute();
}

/** The mail the owner receives: plain text, the reader's address as Reply-To. */
export function ownerMail(input: ContactInput, to: string): MailMessage {
  return {
    to,
    replyTo: input.email,
    subject: `[Diaspora Policy] ${input.topic}: ${input.name.replace(/[\r\n]+/g, " ")}`,
    text: `From: ${input.name} <${input.email}>\nTopic: ${input.topic}\n\n${input.message}\n`,
  };
}
