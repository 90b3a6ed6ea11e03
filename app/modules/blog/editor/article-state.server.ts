import type { AppServices } from "~/adapters/context.server";
import type { PageChanges } from "~/adapters/pages/page-changes.server";
import { isLanguage } from "~/i18n/languages";
import { Refusal } from "~/lib/refusal";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "~/modules/audit/audit.server";
import { writeTranslation } from "./article-rows.server";
import { keepRevision, readRevision } from "./revisions.server";

type Services = Pick<AppServices, "db" | "logger"> & { pageChanges: PageChanges };

const notFound = () => new Refusal("notFound", { status: 404 });

/** Readers' pages show a change at once, in this process and the others. */
async function pagesChanged(services: Services, now: Date): Promise<void> {
  await services.pageChanges.changed(["articles"], now);
}

/** Takes an article back from readers (published or scheduled → draft); its text and slug stay. */
export async function unpublishArticle(services: Services, actor: Actor, id: string, now: Date): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const article = await trx.selectFrom("articles").select(["slug", "state"]).where("id", "=", id).executeTakeFirst();
    if (!article) throw notFound();
    await trx.updateTable("articles").set({ state: "draft", updated_at: now.toISOString() }).where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "article.unpublished", resource: `article:${id}`, details: { slug: article.slug, previous: article.state } }, now);
  });
  await pagesChanged(services, now);
}

/** Deletes an article with every language, revision and old address. */
export async function deleteArticle(services: Services, actor: Actor, id: string, now: Date): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const article = await trx.selectFrom("articles").select(["slug", "state"]).where("id", "=", id).executeTakeFirst();
    if (!article) throw notFound();
    // Its languages, revisions and old addresses go with it (ON DELETE CASCADE; SQLite runs with foreign keys on).
    await trx.deleteFrom("articles").where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "article.deleted", resource: `article:${id}`, details: { slug: article.slug, previous: article.state } }, now);
  });
  await pagesChanged(services, now);
}

/** Makes a kept revision the language's text again (itself kept as the newest revision). Returns its language. */
export async function restoreRevision(services: Services, actor: Actor, id: string, revisionId: string, now: Date): Promise<string> {
  const language = await services.db.transaction().execute(async (trx) => {
    const revision = await readRevision(trx, id, revisionId);
    if (!revision || !isLanguage(revision.language)) throw notFound();
    // The cover is not part of a revision, so its current description stays with it.
    const current = await trx.selectFrom("article_translations").select("image_alt").where("article_id", "=", id).where("language", "=", revision.language).executeTakeFirst();
    await writeTranslation(trx, id, revision.language, { ...revision, imageAlt: current?.image_alt || revision.imageAlt }, now);
    await trx.updateTable("articles").set({ updated_at: now.toISOString() }).where("id", "=", id).execute();
    await keepRevision(trx, id, revision.language, revision, false, now);
    await recordAudit(trx, actor, { action: "article.revision_restored", resource: `article:${id}`, details: { language: revision.language, revisionOf: revision.createdAt } }, now);
    return revision.language;
  });
  await pagesChanged(services, now);
  return language;
}

/**
 * The outbox's work at an article's scheduled time: publish it if it is still scheduled for exactly
 * that time. The one conditional UPDATE is what makes it happen once: however many workers run the
 * row (or rows, after a reschedule), only one finds it still scheduled.
 */
export async function publishScheduled(services: Services, payload: { articleId: string; publishAt: string }, now: Date): Promise<boolean> {
  const published = await services.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("articles")
      .set({ state: "published", updated_at: now.toISOString() })
      .where("id", "=", payload.articleId)
      .where("state", "=", "scheduled")
      .where("published_at", "=", payload.publishAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, SYSTEM_ACTOR, { action: "article.published_on_schedule", resource: `article:${payload.articleId}`, details: { publishAt: payload.publishAt } }, now);
    return true;
  });
  if (published) await pagesChanged(services, now);
  return published;
}
