import type { Route } from "./+types/blog-feed";
import { translatorFor } from "~/i18n/i18n";
import { languageOf } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { blogFeed, blogFeedChangedAt, type FeedFormat } from "~/modules/blog/feeds.server";
import { conditionalAnswer } from "~/lib/conditional-get.server";
import { notFound } from "~/lib/plain-answers";
import { requestContext } from "~/route-context.server";

/** GET /blog/feed.xml (RSS 2.0) and /blog/atom.xml (Atom), under each language's prefix too,
 * with an ETag and Last-Modified: a reader polling them gets 304 while nothing changed. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const language = languageOf(params);
  if (params.lang !== undefined && (params.lang === "en" || language !== params.lang)) {
    return notFound();
  }
  const format: FeedFormat = new URL(request.url).pathname.endsWith("/atom.xml") ? "atom" : "rss";
  const t = translatorFor(language, resourcesFor(language));
  const { db } = services;
  const options = {
    language,
    format,
    appUrl: services.config.appUrl,
    title: t("common:documentTitle", { page: t("pages:blog.title") }),
    description: t("pages:blog.description"),
    siteName: t("common:siteName"),
  };
  const [xml, lastModified] = await Promise.all([blogFeed(db, options), blogFeedChangedAt(db)]);
  const type = format === "rss" ? "application/rss+xml" : "application/atom+xml";
  return conditionalAnswer(request, xml, { contentType: `${type}; charset=utf-8`, cacheControl: "public, max-age=900", lastModified });
}
