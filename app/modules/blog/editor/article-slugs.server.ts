import type { Kysely } from "kysely";
import type { Database } from "~/adapters/db/schema";
import { Refusal } from "~/lib/refusal";
import { slugify, uniqueSlug } from "~/lib/slug";

/**
 * The slug an article is saved with. Left empty, it is made from the English title (for a new article)
 * or kept; a slug made from the title gets -2, -3… when taken. A slug the owner typed that another
 * article uses is refused; one that is only another article's old address takes that address over.
 */
export async function chosenSlug(trx: Kysely<Database>, typed: string, fallback: { title: string; current: string | null; articleId: string | null }): Promise<string> {
  if (!typed) {
    if (fallback.current) return fallback.current;
    const base = slugify(fallback.title, "article");
    const similar = await trx.selectFrom("articles").select("slug").where("slug", "like", `${base}%`).execute();
    const redirected = await trx.selectFrom("article_slug_redirects").select("slug").where("slug", "like", `${base}%`).execute();
    return uniqueSlug(base, new Set([...similar, ...redirected].map((row) => row.slug)));
  }
  const owner = await trx.selectFrom("articles").select("id").where("slug", "=", typed).executeTakeFirst();
  if (owner && owner.id !== fallback.articleId) throw new Refusal("slugTaken", { field: "slug", status: 409 });
  return typed;
}

/**
 * After a slug change: the new address is nobody's old address any more, and the old address of a
 * published article keeps answering with a permanent redirect to it.
 */
export async function keepOldAddress(trx: Kysely<Database>, articleId: string, oldSlug: string, newSlug: string, published: boolean, now: Date): Promise<void> {
  await trx.deleteFrom("article_slug_redirects").where("slug", "=", newSlug).execute();
  if (!published || oldSlug === newSlug) return;
  await trx
    .insertInto("article_slug_redirects")
    .values({ slug: oldSlug, article_id: articleId, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("slug").doUpdateSet({ article_id: articleId, created_at: now.toISOString() }))
    .execute();
}

/** The current slug of the published article an old address belongs to, or null. */
export async function redirectedSlug(db: Kysely<Database>, oldSlug: string): Promise<string | null> {
  const row = await db
    .selectFrom("article_slug_redirects as r")
    .innerJoin("articles as a", "a.id", "r.article_id")
    .select("a.slug")
    .where("r.slug", "=", oldSlug)
    .where("a.state", "=", "published")
    .executeTakeFirst();
  return row?.slug ?? null;
}
