import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/podcast";
import { AdminAccessButton } from "~/components/admin/admin-access-button";
import { EpisodeList } from "~/components/podcast/episode-list";
import { FollowEverywhere } from "~/components/podcast/follow-everywhere";
import { LatestCarousel } from "~/components/podcast/latest-carousel";
import { EpisodeManageProvider, UploadEpisodeButton } from "~/components/podcast/manage/episode-manage";
import { PlayerProvider } from "~/components/podcast/player-context";
import { PodcastHero } from "~/components/podcast/podcast-hero";
import { onlyViewChanged } from "~/components/podcast/view-mode";
import { formatDate } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { formatDuration, isoDuration } from "~/modules/podcast/duration";
import { listEpisodes } from "~/modules/podcast/episodes.server";
import { readSettings } from "~/modules/settings/settings.server";
import { podcastPlatformsOf } from "~/modules/settings/podcast-platforms";
import { parseInput } from "~/lib/form-input";
import { answerRefusals, refused } from "~/lib/refusal";
import { episodeChangeSchema } from "~/modules/podcast/episode-change-form";
import { changeEpisode } from "~/modules/podcast/episode-change.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { actorOf } from "~/modules/audit/audit.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** The carousel shows the first three episodes. */
const CAROUSEL_SIZE = 3;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(requestContext);
  const language = languageOf(params);
  const { db } = services;
  const [episodes, settings, access] = await Promise.all([
    listEpisodes(db, language),
    readSettings(db),
    adminAccess(services, request, actorOf({ clientIp }, request)),
  ]);
  return {
    // Admins in admin mode see edit and delete; the server checks again on every change.
    canEdit: access.state === "admin",
    i18n: pageResourcesFor(language, ["podcast"], { admin: access.state === "admin" }),
    episodes: episodes.map((episode) => ({
      ...episode,
      href: localizePath(`/podcast/${episode.slug}`, language),
      date: formatDate(episode.publishedAt, language),
      duration: formatDuration(episode.durationSeconds),
      isoDuration: isoDuration(episode.durationSeconds),
    })),
    feedUrl: "/podcast/feed.xml",
    platforms: podcastPlatformsOf(settings),
  };
}

/** Upload, edit and delete an episode: admins in admin mode only. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const change = parseInput(episodeChangeSchema, await request.formData());
  // An unknown intent is a bad request; a known form with wrong fields is unprocessable.
  if (!change.ok) return refused(change.errors, { status: change.errors.intent ? 400 : 422 });
  return answerRefusals(() => changeEpisode(services, actor, change.value, languageOf(params), services.now()));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "podcast"),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", href: "/podcast/feed.xml" },
];

// Switching between grid and list changes only ?view: the episodes need not be loaded again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  (!formMethod || formMethod === "GET") && onlyViewChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

export default function Podcast({ loaderData }: Route.ComponentProps) {
  const { episodes, feedUrl, platforms, canEdit } = loaderData;
  return (
    <PlayerProvider>
      <EpisodeManageProvider canEdit={canEdit}>
        <PodcastHero
          latest={episodes[0] ?? null}
          actions={
            <>
              <UploadEpisodeButton />
              <AdminAccessButton />
            </>
          }
        />
        <div className="mx-auto flex max-w-wide flex-col gap-16 px-4 py-12 sm:px-6">
          {episodes.length > 0 && <LatestCarousel episodes={episodes.slice(0, CAROUSEL_SIZE)} />}
          <EpisodeList episodes={episodes} />
          <FollowEverywhere platforms={platforms} feedUrl={feedUrl} />
        </div>
      </EpisodeManageProvider>
    </PlayerProvider>
  );
}
