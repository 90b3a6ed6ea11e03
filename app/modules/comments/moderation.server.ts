import { sql } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import type { CommentsTable } from "~/adapters/db/schema";
import { pageWindow, type Paged } from "~/lib/paging";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

export const COMMENT_MODERATION_PAGE_SIZE = 25;

export interface CommentForModeration {
  id: string;
  page: string;
  name: string;
  body: string;
  language: string;
  status: CommentsTable["status"];
  createdAt: string;
}

/** What a moderation change did: done, or nothing because the comment does not exist (any more). */
export type ModerationOutcome = "done" | "notFound";

/** The moderation queue: pending comments first (newest first), then the others, newest first. */
export async function commentsForModeration(db: Db, requestedPage: number): Promise<Paged<CommentForModeration>> {
  const counted = await db.selectFrom("comments").select((eb) => eb.fn.countAll().as("count")).executeTakeFirst();
  const total = Number(counted?.count ?? 0);
  const { page, pageCount, offset } = pageWindow(total, requestedPage, COMMENT_MODERATION_PAGE_SIZE);
  const rows = await db
    .selectFrom("comments")
    .select(["id", "page", "name", "body", "language", "status", "created_at"])
    .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(COMMENT_MODERATION_PAGE_SIZE)
    .offset(offset)
    .execute();
  const items = rows.map((row) => ({ id: row.id, page: row.page, name: row.name, body: row.body, language: row.language, status: row.status, createdAt: row.created_at }));
  return { items, total, page, pageCount };
}

export async function pendingCommentCount(db: Db): Promise<number> {
  const row = await db.selectFrom("comments").select((eb) => eb.fn.countAll().as("count")).where("status", "=", "pending").executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Publishes a comment; the audit row commits with the change. */
export async function approveComment(db: Db, id: string, actor: Actor, now: Date): Promise<ModerationOutcome> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx.selectFrom("comments").select(["page", "status"]).where("id", "=", id).executeTakeFirst();
    if (!comment) return "notFound";
    const result = await trx.updateTable("comments").set({ status: "approved", moderated_at: now.toISOString() }).where("id", "=", id).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return "notFound";
    await recordAudit(trx, actor, { action: "comment.approved", resource: `comment:${id}`, details: { page: comment.page, previous: comment.status } }, now);
    return "done";
  });
}

/** Deletes a comment for good; the audit row commits with the change. */
export async function deleteComment(db: Db, id: string, actor: Actor, now: Date): Promise<ModerationOutcome> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx.selectFrom("comments").select(["page", "status"]).where("id", "=", id).executeTakeFirst();
    if (!comment) return "notFound";
    const result = await trx.deleteFrom("comments").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return "notFound";
    await recordAudit(trx, actor, { action: "comment.deleted", resource: `comment:${id}`, details: { page: comment.page, previous: comment.status } }, now);
    return "done";
  });
}
