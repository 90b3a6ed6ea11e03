import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/adapters/db/schema";
import type { Language } from "~/i18n/languages";
import { cleanLine, cleanText } from "~/lib/clean-text";
import { textColumns, type ArticleText } from "./article-rows.server";

/** Revisions kept per language of an article; older ones are removed as new ones are written. */
export const KEPT_REVISIONS = 20;

export interface Revision extends ArticleText {
  id: string;
  autosaved: boolean;
  createdAt: string;
}

/**
 * Keeps the text just saved as a revision. An autosave replaces the newest revision when that one was
 * an autosave too, so typing for an hour leaves one revision, not hundreds, and pushes no save out.
 */
export async function keepRevision(trx: Kysely<Database>, articleId: string, language: Language, text: ArticleText, autosaved: boolean, now: Date): Promise<void> {
  const newest = await trx
    .selectFrom("article_revisions")
    .select(["id", "autosaved"])
    .where("article_id", "=", articleId)
    .where("language", "=", language)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const values = {
    ...textColumns(text),
    autosaved: autosaved ? 1 : 0,
    created_at: now.toISOString(),
  };
  if (newest?.autosaved === 1) {
    await trx.updateTable("article_revisions").set(values).where("id", "=", newest.id).execute();
    return;
  }
  await trx.insertInto("article_revisions").values({ id: randomUUID(), article_id: articleId, language, ...values }).execute();
  const kept = await trx
    .selectFrom("article_revisions")
    .select("id")
    .where("article_id", "=", articleId)
    .where("language", "=", language)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(KEPT_REVISIONS)
    .execute();
  await trx
    .deleteFrom("article_revisions")
    .where("article_id", "=", articleId)
    .where("language", "=", language)
    .where("id", "not in", kept.map((row) => row.id))
    .execute();
}

/** The kept revisions of one language, newest first. */
export async function listRevisions(db: Kysely<Database>, articleId: string, language: Language): Promise<Revision[]> {
  const rows = await db
    .selectFrom("article_revisions")
    .selectAll()
    .where("article_id", "=", articleId)
    .where("language", "=", language)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toRevision);
}

export async function readRevision(db: Kysely<Database>, articleId: string, revisionId: string): Promise<(Revision & { language: string }) | null> {
  const row = await db.selectFrom("article_revisions").selectAll().where("id", "=", revisionId).where("article_id", "=", articleId).executeTakeFirst();
  return row ? { ...toRevision(row), language: row.language } : null;
}

/** A revision's text read clean, as the editor's form would save it: one kept before text was cleaned restores without control characters. */
function toRevision(row: Database["article_revisions"]): Revision {
  return {
    id: row.id,
    title: cleanLine(row.title),
    excerpt: cleanText(row.excerpt),
    body: cleanText(row.body),
    seoTitle: cleanLine(row.seo_title),
    seoDescription: cleanText(row.seo_description),
    imageAlt: cleanLine(row.image_alt),
    autosaved: row.autosaved === 1,
    createdAt: row.created_at,
  };
}
