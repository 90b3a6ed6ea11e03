import type { Db } from "~/adapters/db/database.server";
import { categoryParts } from "~/modules/settings/apple-categories";
import { readSettings } from "~/modules/settings/settings.server";
import { listFullEpisodes } from "./episodes.server";
import { buildPodcastFeed } from "./feed";
import { podcastFeedChangedAt } from "./feed-changed.server";
import { showGuid } from "./podcast-guid.server";
import { chaptersPath, FEED_PATH, SHOW_ARTWORK, transcriptPath } from "./paths";
import { artworkFileOf } from "./show-artwork";

/** The site's own words for the show, used where the owner left a show detail empty. */
export interface PodcastFeedOptions {
  appUrl: string;
  title: string;
  description: string;
  author: string;
  ownerEmail: string;
}

/**
 * Every episode, newest first, in English, as RSS for podcast apps. The show's details are the
 * owner's (/admin/settings): title, author, owner e-mail, Apple category, explicit flag, uploaded
 * artwork, and the host's biography, which follows the show's description. With it, when what it
 * shows last changed (Last-Modified).
 */
export async function podcastFeed(db: Db, options: PodcastFeedOptions, now: Date): Promise<{ xml: string; lastModified: Date }> {
  const [episodes, settings, lastModified, guid] = await Promise.all([
    listFullEpisodes(db, "en"),
    readSettings(db),
    podcastFeedChangedAt(db),
    showGuid(db, options.appUrl, now),
  ]);
  const author = settings["podcast.author"] || options.author;
  const bio = settings["podcast.hostBio"];
  const artworkKey = settings["podcast.artworkKey"];
  const xml = buildPodcastFeed(
    {
      appUrl: options.appUrl,
      guid,
      title: settings["podcast.title"] || options.title,
      description: bio ? `${options.description}\n\n${bio}` : options.description,
      author,
      ownerEmail: settings["podcast.ownerEmail"] || options.ownerEmail,
      category: categoryParts(settings["podcast.category"]),
      explicit: settings["podcast.explicit"] === "true",
      language: "en",
      ownerName: author,
      pagePath: "/podcast",
      feedPath: FEED_PATH,
      imagePath: `/podcast/artwork/${artworkKey ? artworkFileOf(artworkKey) : `${SHOW_ARTWORK}.png`}`,
      episodePath: (slug) => `/podcast/${slug}`,
      episodeImagePath: (slug) => `/podcast/artwork/${slug}.png`,
      transcriptPath: (slug) => `/podcast/${slug}/transcript.txt`,
      timedTranscriptPath: transcriptPath,
      chaptersPath,
    },
    // transcript.txt serves the timed transcript's words too.
    episodes.map((episode) => ({ ...episode, hasTranscript: Boolean(episode.transcript) || episode.transcriptFormat !== null })),
  );
  return { xml, lastModified };
}

/** The show's title as the feed gives it: the owner's, else the site's own words (the episode pages' series name). */
export async function showTitle(db: Db, fallback: string): Promise<string> {
  return (await readSettings(db))["podcast.title"] || fallback;
}
