import type { Route } from "./+types/blog-feed";
import { translatorFor } from "~/i18n/i18n";
import { languageOf } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { blogFeed } from "~/modules/blog/feeds.server";
import { notFound } from "~/lib/plain-answers";

/** GET /blog/feed.xml (RSS 2.0) and /blog/atom.xml (Atom), under each language's prefix too. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  if (params.lang !== undefined && (params.lang === "en" || language !== params.lang)) {
    return notFound();
  }
  const format = new URL(request.url).pathname.endsWith("/atom.xml") ? "atom" : "rss";
  const t = translatorFor(language, resourcesFor(language));
  const xml = await blogFeed(context.services.db, {
    language,
    format,
    appUrl: context.services.config.appUrl,
    title: t("common:documentTitle", { page: t("pages:blog.title") }),
    description: t("pages:blog.description"),
    siteName: t("common:siteName"),
  });
  const type = format === "rss" ? "application/rss+xml" : "application/atom+xml";
  return new Response(xml, { headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "public, max-age=900" } });
}
