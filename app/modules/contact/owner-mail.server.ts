import type { Db } from "~/adapters/db/database.server";
import type { Mailer } from "~/adapters/mail/mailer.server";
import { markMailed, ownerMail } from "./contact.server";
import { isContactTopic } from "./topics";

/**
 * Mails a stored contact message to the owner (outbox topic "contact.owner-mail") and records when it
 * went. A message already mailed, or deleted meanwhile, is not sent again.
 */
export async function mailContactMessage({ db, mailer, contactEmail, now }: { db: Db; mailer: Mailer; contactEmail: string; now: () => Date }, messageId: string): Promise<void> {
  const stored = await db.selectFrom("contact_messages").select(["name", "email", "topic", "message", "mailed_at"]).where("id", "=", messageId).executeTakeFirst();
  if (!stored || stored.mailed_at) return;
  const topic = isContactTopic(stored.topic) ? stored.topic : "general";
  await mailer.send(ownerMail({ name: stored.name, email: stored.email, topic, message: stored.message }, contactEmail));
  await markMailed(db, messageId, now());
}
