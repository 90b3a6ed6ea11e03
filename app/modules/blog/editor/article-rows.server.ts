import type { Kysely } from "kysely";
import type { Database, ArticleState } from "~/adapters/db/schema";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { foldForSearch } from "~/modules/blog/search-text";

/** What one language of an article holds, as the editor shows and saves it. */
export interface ArticleText {
  title: string;
  excerpt: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
  imageAlt: string;
}

/** An article as the admin sees it: any state, every language it has. */
export interface EditedArticle {
  id: string;
  slug: string;
  category: string;
  tags: string[];
  image: string;
  featured: boolean;
  state: ArticleState;
  publishedAt: string;
  updatedAt: string;
  texts: Partial<Record<Language, ArticleText & { updatedAt: string }>>;
}

/** Reads one article with all its languages, whatever its state; null when there is none. */
export async function readEditedArticle(db: Kysely<Database>, id: string): Promise<EditedArticle | null> {
  const row = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const texts = await db.selectFrom("article_translations").selectAll().where("article_id", "=", id).execute();
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    image: row.image,
    featured: row.featured === 1,
    state: row.state,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    texts: Object.fromEntries(
      texts
        .filter((text) => (LANGUAGES as readonly string[]).includes(text.language))
        .map((text) => [
          text.language,
          {
            title: text.title,
            excerpt: text.excerpt,
            body: text.body,
            seoTitle: text.seo_title,
            seoDescription: text.seo_description,
            imageAlt: text.image_alt,
            updatedAt: text.updated_at,
          },
        ]),
    ),
  };
}

/** Whether two texts say the same (the stored one and what the form sent). */
export function sameText(a: ArticleText, b: ArticleText): boolean {
  return (["title", "excerpt", "body", "seoTitle", "seoDescription", "imageAlt"] as const).every((field) => a[field] === b[field]);
}

/** The category of the article with this slug, in any state: the drawn cover needs it, also in a draft's preview. */
export async function categoryOfSlug(db: Kysely<Database>, slug: string): Promise<string | null> {
  const row = await db.selectFrom("articles").select("category").where("slug", "=", slug).executeTakeFirst();
  return row?.category ?? null;
}

/** A text's columns, as the translations and the revisions store them. */
export function textColumns(text: ArticleText) {
  return { title: text.title, excerpt: text.excerpt, body: text.body, seo_title: text.seoTitle, seo_description: text.seoDescription, image_alt: text.imageAlt };
}

/** Writes one language's text (added or replaced), with its folded search text. */
export async function writeTranslation(trx: Kysely<Database>, articleId: string, language: string, text: ArticleText, now: Date): Promise<void> {
  const row = { ...textColumns(text), search_text: foldForSearch(`${text.title}\n${text.excerpt}\n${text.body}`), updated_at: now.toISOString() };
  await trx
    .insertInto("article_translations")
    .values({ article_id: articleId, language, ...row })
    .onConflict((conflict) => conflict.columns(["article_id", "language"]).doUpdateSet(row))
    .execute();
}
