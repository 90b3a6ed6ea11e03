import type { Route } from "./+types/sitemap";
import { listAllArticles } from "~/modules/blog/articles.server";
import { buildSitemap, PUBLIC_PAGES } from "~/modules/seo/sitemap";

/** GET /sitemap.xml: every public page and article, each in four languages with alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const articles = await listAllArticles(db, "en");
  const xml = buildSitemap(config.appUrl, [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...articles.map((article) => ({ path: `/blog/${article.slug}`, lastModified: article.publishedAt })),
  ]);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
