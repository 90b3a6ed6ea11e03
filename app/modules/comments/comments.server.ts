import { randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";
import type { CommentInput } from "./comment-form";

/** Stores a comment as pending: nobody sees it until it is approved. */
export async function addPendingComment(db: Db, page: string, input: CommentInput, language: Language, now: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("comments")
    .values({ id, page, name: input.name, body: input.comment, language, status: "pending", created_at: now.toISOString(), moderated_at: null })
    .execute();
  return id;
}

export interface PublishedComment {
  id: string;
  name: string;
  body: string;
  createdAt: string;
}

export async function approvedComments(db: Db, page: string, limit = 50): Promise<PublishedComment[]> {
  const rows = await db
    .selectFrom("comments")
    .select(["id", "name", "body", "created_at"])
    .where("page", "=", page)
    .where("status", "=", "approved")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, body: row.body, createdAt: row.created_at }));
}

/** Moderation (used by the admin area): approve or reject one comment. */
export async function moderateComment(db: Db, id: string, status: "approved" | "rejected", now: Date): Promise<boolean> {
  const result = await db.updateTable("comments").set({ status, moderated_at: now.toISOString() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
