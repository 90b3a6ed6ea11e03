import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AppServices } from "~/adapters/context.server";
import type { ArticleState, Database } from "~/adapters/db/schema";
import { Refusal } from "~/lib/refusal";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { isUploadedCover } from "~/modules/blog/cover-files";
import { readEditedArticle, sameText, writeTranslation, type ArticleText, type EditedArticle } from "./article-rows.server";
import { chosenSlug, keepOldAddress } from "./article-slugs.server";
import { scheduledInstant, type ArticleSave } from "./editor-form";
import { keepRevision } from "./revisions.server";

const DRAWN_COVERS = "/images/articles/";

type Services = Pick<AppServices, "db" | "outbox" | "pageChanges" | "logger">;

/** "kept": an autosave of an article readers see, kept as a revision only. */
export type SaveDone = "saved" | "published" | "scheduled" | "autosaved" | "kept";
export interface Saved {
  id: string;
  slug: string;
  state: ArticleState;
  done: SaveDone;
}

const textOf = (save: ArticleSave): ArticleText => ({
  title: save.title,
  excerpt: save.excerpt,
  body: save.body,
  seoTitle: save.seoTitle,
  seoDescription: save.seoDescription,
  imageAlt: save.imageAlt,
});

/**
 * Saves what the editor sent, in one transaction with its audit row and revision: the text of one
 * language and the article's own fields, then the state the intent asks for. A new article starts in
 * English, as a draft. An autosave of an article readers can see (published or scheduled) keeps the
 * text as a revision only, so half-typed words never reach them.
 */
export async function saveArticle(services: Services, actor: Actor, save: ArticleSave, now: Date): Promise<Saved> {
  const publishAt = save.intent === "schedule" ? scheduledInstant(save.publishAt, save.timezoneOffset) : null;
  if (save.intent === "schedule" && !publishAt) throw new Refusal("dateInvalid", { field: "publishAt" });
  if (publishAt && publishAt.getTime() <= now.getTime()) throw new Refusal("dateInPast", { field: "publishAt" });
  const saved = await services.db.transaction().execute(async (trx) => {
    const current = save.id ? await readEditedArticle(trx, save.id) : null;
    if (save.id && !current) throw new Refusal("notFound", { status: 404 });
    if (!current && save.language !== "en") throw new Refusal("englishFirst", { field: "language" });
    // An uploaded cover is described for readers who cannot see it; its English description is required.
    if (current && isUploadedCover(current.image) && save.language === "en" && !save.imageAlt && save.intent !== "autosave") throw new Refusal("altRequired", { field: "imageAlt" });
    if (current && save.intent === "autosave" && current.state !== "draft") {
      await keepRevision(trx, current.id, save.language, textOf(save), true, now);
      return { id: current.id, slug: current.slug, state: current.state, done: "kept" as const };
    }
    const result = await write(trx, current, save, publishAt, now);
    await recordAudit(trx, actor, { action: `article.${auditAction(save, current)}`, resource: `article:${result.id}`, details: { slug: result.slug, language: save.language, state: result.state, ...(publishAt && { publishAt: publishAt.toISOString() }) } }, now);
    if (publishAt) await services.outbox.enqueue(trx, "articles.publish-scheduled", { articleId: result.id, publishAt: publishAt.toISOString() }, now, publishAt);
    return result;
  });
  // Readers' pages show the change at once; an autosave keeps a draft, which no reader sees.
  if (save.intent !== "autosave") await services.pageChanges.changed(["articles"], now);
  return saved;
}

function auditAction(save: ArticleSave, current: EditedArticle | null): string {
  if (save.intent === "publish" && current?.state !== "published") return "published";
  if (save.intent === "schedule") return "scheduled";
  if (save.intent === "autosave") return "autosaved";
  return current ? "updated" : "created";
}

function nextState(save: ArticleSave, current: EditedArticle | null, publishAt: Date | null, now: Date): { state: ArticleState; publishedAt: string } {
  if (save.intent === "publish") return current?.state === "published" ? { state: "published", publishedAt: current.publishedAt } : { state: "published", publishedAt: now.toISOString() };
  if (publishAt) return { state: "scheduled", publishedAt: publishAt.toISOString() };
  return current ? { state: current.state, publishedAt: current.publishedAt } : { state: "draft", publishedAt: now.toISOString() };
}

async function write(trx: Kysely<Database>, current: EditedArticle | null, save: ArticleSave, publishAt: Date | null, now: Date): Promise<Saved> {
  const stamp = now.toISOString();
  const englishTitle = save.language === "en" ? save.title : (current?.texts.en?.title ?? save.title);
  const slug = await chosenSlug(trx, save.slug, { title: englishTitle, current: current?.slug ?? null, articleId: current?.id ?? null });
  const { state, publishedAt } = nextState(save, current, publishAt, now);
  const fields = { slug, category: save.category, tags: JSON.stringify(save.tags), featured: save.featured ? 1 : 0, state, published_at: publishedAt, updated_at: stamp };
  const id = current?.id ?? randomUUID();
  if (current) {
    // A drawn cover is drawn for its slug, so it follows the slug; an uploaded one stays.
    const image = current.image.startsWith(DRAWN_COVERS) ? `${DRAWN_COVERS}${slug}.svg` : current.image;
    await trx.updateTable("articles").set({ ...fields, image }).where("id", "=", id).execute();
    await keepOldAddress(trx, id, current.slug, slug, current.state === "published", now);
  } else {
    await trx.insertInto("articles").values({ id, image: `${DRAWN_COVERS}${slug}.svg`, created_at: stamp, ...fields }).execute();
  }
  const text = textOf(save);
  const stored = current?.texts[save.language];
  if (!stored || !sameText(stored, text)) {
    await writeTranslation(trx, id, save.language, text, now);
    await keepRevision(trx, id, save.language, text, save.intent === "autosave", now);
  }
  return { id, slug, state, done: save.intent === "save" ? "saved" : save.intent === "publish" ? "published" : save.intent === "schedule" ? "scheduled" : "autosaved" };
}
