import type { Route } from "./+types/sitemap";
import { listAllArticles } from "~/modules/blog/articles.server";
import { listEpisodes } from "~/modules/podcast/episodes.server";
import { buildSitemap, PUBLIC_PAGES } from "~/modules/seo/sitemap";

/** GET /sitemap.xml: every public page, article and podcast episode, each in four languages with alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const [articles, episodes] = await Promise.all([listAllArticles(db, "en"), listEpisodes(db, "en")]);
  const xml = buildSitemap(config.appUrl, [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...articles.map((article) => ({ path: `/blog/${article.slug}`, lastModified: article.publishedAt })),
    ...episodes.map((episode) => ({ path: `/podcast/${episode.slug}`, lastModified: episode.publishedAt })),
  ]);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
