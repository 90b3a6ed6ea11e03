import { randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";

import { COMMENT_LIMITS } from "./limits";

export { COMMENT_LIMITS };

export type CommentField = "name" | "comment" | "terms";
export type CommentError = "nameRequired" | "nameTooLong" | "commentRequired" | "commentTooLong" | "termsRequired";

export interface CommentInput {
  name: string;
  body: string;
}

/**
 * Checks a submitted comment form. Text is kept as written (it is always shown escaped), only trimmed;
 * each field gets at most one error, named by its translation key.
 */
export function validateComment(form: { name?: unknown; comment?: unknown; terms?: unknown }):
  | { ok: true; value: CommentInput }
  | { ok: false; errors: Partial<Record<CommentField, CommentError>> } {
  const name = typeof form.name === "string" ? form.name.trim() : "";
  const body = typeof form.comment === "string" ? form.comment.trim() : "";
  const errors: Partial<Record<CommentField, CommentError>> = {};
  if (!name) errors.name = "nameRequired";
  else if (name.length > COMMENT_LIMITS.name) errors.name = "nameTooLong";
  if (!body) errors.comment = "commentRequired";
  else if (body.length > COMMENT_LIMITS.body) errors.comment = "commentTooLong";
  if (form.terms !== "on" && form.terms !== "true") errors.terms = "termsRequired";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { name, body } };
}

/** Stores a comment as pending: nobody sees it until it is approved. */
export async function addPendingComment(db: Db, page: string, input: CommentInput, language: Language, now: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("comments")
    .values({ id, page, name: input.name, body: input.body, language, status: "pending", created_at: now.toISOString(), moderated_at: null })
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
