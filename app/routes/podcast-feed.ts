import type { Route } from "./+types/podcast-feed";
import { translatorFor } from "~/i18n/i18n";
import { resourcesFor } from "~/i18n/resources.server";
import { podcastFeed } from "~/modules/podcast/feed.server";

/** GET /podcast/feed.xml: the podcast's RSS feed for podcast apps (English), cached for 15 minutes. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const t = translatorFor("en", resourcesFor("en"));
  const xml = await podcastFeed(db, {
    appUrl: config.appUrl,
    title: t("episode:feed.title"),
    description: t("episode:feed.description"),
    author: t("common:siteName"),
    ownerEmail: config.contactEmail,
  });
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" } });
}
