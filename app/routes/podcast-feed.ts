import type { Route } from "./+types/podcast-feed";
import { translatorFor } from "~/i18n/i18n";
import { conditionalAnswer } from "~/lib/conditional-get.server";
import { resourcesFor } from "~/i18n/resources.server";
import { podcastFeed } from "~/modules/podcast/feed.server";
import { ownerAccountEmail } from "~/modules/accounts/accounts.server";
import { DEFAULT_CONTACT_EMAIL } from "~/lib/config.server";
import { requestContext } from "~/route-context.server";

/** GET /podcast/feed.xml: the podcast's RSS feed for podcast apps (English), cached for 15 minutes,
 * with an ETag and Last-Modified: an app polling it gets 304 while nothing changed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config, now } = context.get(requestContext).services;
  const t = translatorFor("en", resourcesFor("en"));
  const options = {
    appUrl: config.appUrl,
    title: t("episode:feed.title"),
    description: t("episode:feed.description"),
    author: t("common:siteName"),
    // The owner's setting (podcastFeed) wins over this; an unset CONTACT_EMAIL gives way to the owner's account.
    ownerEmail: config.contactEmail === DEFAULT_CONTACT_EMAIL ? ((await ownerAccountEmail(db)) ?? config.contactEmail) : config.contactEmail,
  };
  const { xml, lastModified } = await podcastFeed(db, options, now());
  return conditionalAnswer(request, xml, { contentType: "application/rss+xml; charset=utf-8", cacheControl: "public, max-age=900", lastModified });
}
