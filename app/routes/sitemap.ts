import type { Route } from "./+types/sitemap";
import { articleChanges } from "~/modules/blog/articles.server";
import { episodeChanges } from "~/modules/podcast/episodes.server";
import { buildSitemaps, PUBLIC_PAGES } from "~/modules/seo/sitemap";
import { notFound } from "~/lib/plain-answers";
import { requestContext } from "~/route-context.server";

/**
 * GET /sitemap.xml: every public page, published article and podcast episode, each in four languages
 * with alternates and, for articles and episodes, their last change; past 50,000 addresses, the index of /sitemaps/<n>.xml (this loader answers those too).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, config } = context.get(requestContext).services;
  const file = (params as { file?: string }).file;
  const part = file === undefined ? 0 : Number(/^([1-9]\d{0,5})\.xml$/.exec(file)?.[1] ?? NaN);
  if (Number.isNaN(part)) return notFound();
  const [articles, episodes] = await Promise.all([articleChanges(db), episodeChanges(db)]);
  const { main, parts } = buildSitemaps(config.appUrl, [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...articles.map((article) => ({ path: `/blog/${article.slug}`, lastModified: article.changedAt })),
    ...episodes.map((episode) => ({ path: `/podcast/${episode.slug}`, lastModified: episode.changedAt })),
  ]);
  const xml = part === 0 ? main : parts[part - 1];
  if (xml === undefined) return notFound();
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
