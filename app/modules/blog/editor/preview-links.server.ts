import type { AppServices } from "~/adapters/context.server";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { Refusal } from "~/lib/refusal";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

/** How long a preview link works: long enough to send it to someone for a read the same day. */
export const PREVIEW_LINK_HOURS = 24;

/** The page that shows an article in any state to whoever holds a signed link. */
export function previewPath(articleId: string, language: Language): string {
  return localizePath(`/preview/articles/${articleId}`, language);
}

/**
 * A private, expiring link to the article as readers would see it (draft or scheduled included). Making
 * one shares an unpublished text, so it is audited.
 */
export async function previewLink(services: Pick<AppServices, "signedLinks" | "config" | "db">, actor: Actor, articleId: string, language: Language, now: Date) {
  const article = await services.db.selectFrom("articles").select("slug").where("id", "=", articleId).executeTakeFirst();
  if (!article) throw new Refusal("notFound", { status: 404 });
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_HOURS * 3_600_000);
  const path = services.signedLinks.url(previewPath(articleId, language), expiresAt);
  await recordAudit(services.db, actor, { action: "article.preview_link_created", resource: `article:${articleId}`, details: { slug: article.slug, language, expiresAt: expiresAt.toISOString() } }, now);
  return { path, url: services.config.appUrl + path, expiresAt: expiresAt.toISOString() };
}
