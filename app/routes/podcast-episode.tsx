import { data, type MetaDescriptor } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/podcast-episode";
import { EpisodeDetails } from "~/components/episode/episode-details";
import { useNonce } from "~/components/layout/nonce";
import { formatDate } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { breadcrumbList, isoInstant, jsonLd } from "~/lib/json-ld";
import { ARTWORK_SIZE } from "~/modules/podcast/artwork";
import { formatDuration, isoDuration } from "~/modules/podcast/duration";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { episodeTimedTexts } from "~/modules/podcast/episode-files.server";
import { showTitle } from "~/modules/podcast/feed.server";
import { translatorFor } from "~/i18n/i18n";
import { resourcesFor } from "~/i18n/resources.server";
import { FEED_PATH } from "~/modules/podcast/paths";
import { requestContext } from "~/route-context.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { db, config } = context.get(requestContext).services;
  // The series is named as the feed names it (the feed is in English).
  const feedTitle = translatorFor("en", resourcesFor("en"))("episode:feed.title");
  const [episode, timed, series] = await Promise.all([episodeBySlug(db, params.slug, language), episodeTimedTexts(db, params.slug), showTitle(db, feedTitle)]);
  if (!episode) throw data(null, { status: 404 });
  return {
    // ShareLinks speaks the blog's words.
    i18n: pageResourcesFor(language, ["episode", "blog"]),
    episode: {
      slug: episode.slug,
      title: episode.title,
      description: episode.description,
      publishedAt: episode.publishedAt,
      date: formatDate(episode.publishedAt, language),
      duration: formatDuration(episode.durationSeconds),
      isoDuration: isoDuration(episode.durationSeconds),
      listens: episode.listens,
      imageUrl: episode.imageUrl,
      audioUrl: episode.audioUrl,
      audioType: episode.audioType,
      audioSize: episode.audioSize,
      categories: episode.categories,
      transcript: episode.transcript,
      translated: episode.translated,
      cues: timed.cues,
      chapters: timed.chapters,
    },
    appUrl: config.appUrl,
    series,
    url: config.appUrl + localizePath(`/podcast/${episode.slug}`, language),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { episode, appUrl } = loaderData;
  const own: MetaDescriptor[] = [
    { property: "og:audio", content: appUrl + episode.audioUrl },
    { property: "og:audio:type", content: episode.audioType },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "RSS", href: appUrl + FEED_PATH },
  ];
  return [
    ...pageMeta(matches, "episode", {
      title: episode.title,
      description: episode.description,
      image: episode.imageUrl.replace(/\.svg$/, ".png"),
      // The drawn artwork's PNG is square (/podcast/artwork/<slug>.png).
      imageSize: episode.imageUrl.startsWith("/podcast/artwork/") ? { width: ARTWORK_SIZE, height: ARTWORK_SIZE } : undefined,
      type: "article",
    }),
    ...own,
  ];
};

export default function PodcastEpisode({ loaderData, params }: Route.ComponentProps) {
  const nonce = useNonce();
  const { episode, url, appUrl, series } = loaderData;
  const language = languageOf(params);
  const { t } = useTranslation("episode");
  const podcastUrl = new URL(localizePath("/podcast", language), appUrl).href;
  const episodeNode = {
    "@type": "PodcastEpisode",
    name: episode.title,
    description: episode.description,
    datePublished: isoInstant(episode.publishedAt),
    url,
    inLanguage: language,
    timeRequired: episode.isoDuration,
    // Search engines take PNG or JPEG, not the drawn SVG.
    image: new URL(episode.imageUrl.replace(/\.svg$/, ".png"), appUrl).href,
    keywords: episode.categories.join(", "),
    associatedMedia: {
      "@type": "MediaObject",
      contentUrl: new URL(episode.audioUrl, appUrl).href,
      encodingFormat: episode.audioType,
      contentSize: String(episode.audioSize),
      duration: episode.isoDuration,
    },
    partOfSeries: { "@type": "PodcastSeries", name: series, url: podcastUrl, webFeed: appUrl + FEED_PATH },
  };
  const structured = {
    "@context": "https://schema.org",
    "@graph": [
      episodeNode,
      // The trail the page shows above the episode.
      breadcrumbList([
        { name: t("breadcrumbHome"), url: new URL(localizePath("/", language), appUrl).href },
        { name: t("breadcrumbPodcast"), url: podcastUrl },
        { name: episode.title, url },
      ]),
    ],
  };
  return (
    <>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <EpisodeDetails episode={episode} url={url} feedUrl={FEED_PATH} language={language} />
    </>
  );
}
