import type { Db } from "~/adapters/db/database.server";
import type { ContactMessagesTable } from "~/adapters/db/schema";
import { pageWindow, type Paged } from "~/lib/paging";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

export const CONTACT_MODERATION_PAGE_SIZE = 25;

export interface ContactMessageForModeration {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  language: string;
  status: ContactMessagesTable["status"];
  createdAt: string;
}

/** What a change did: done, or nothing because the message does not exist (any more). */
export type ContactOutcome = "done" | "notFound";

/** Messages from the contact page, newest first, new and handled alike. */
export async function contactMessagesForModeration(db: Db, requestedPage: number): Promise<Paged<ContactMessageForModeration>> {
  const counted = await db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("count")).executeTakeFirst();
  const total = Number(counted?.count ?? 0);
  const { page, pageCount, offset } = pageWindow(total, requestedPage, CONTACT_MODERATION_PAGE_SIZE);
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "topic", "message", "language", "status", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(CONTACT_MODERATION_PAGE_SIZE)
    .offset(offset)
    .execute();
  const items = rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at }));
  return { items, total, page, pageCount };
}

export async function newContactMessageCount(db: Db): Promise<number> {
  const row = await db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("count")).where("status", "=", "new").executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks a message handled; the audit row commits with the change. */
export async function markContactHandled(db: Db, id: string, actor: Actor, now: Date): Promise<ContactOutcome> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable("contact_messages").set({ status: "handled" }).where("id", "=", id).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return "notFound";
    await recordAudit(trx, actor, { action: "contact.handled", resource: `contact_message:${id}` }, now);
    return "done";
  });
}

/** Deletes a message (and the personal data in it) for good; the audit row commits with the change. */
export async function deleteContactMessage(db: Db, id: string, actor: Actor, now: Date): Promise<ContactOutcome> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return "notFound";
    await recordAudit(trx, actor, { action: "contact.deleted", resource: `contact_message:${id}` }, now);
    return "done";
  });
}
