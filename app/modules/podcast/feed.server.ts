import type { Db } from "~/adapters/db/database.server";
import { listFullEpisodes } from "./episodes.server";
import { buildPodcastFeed } from "./feed";
import { chaptersPath, FEED_PATH, SHOW_ARTWORK, transcriptPath } from "./paths";


export interface PodcastFeedOptions {
  appUrl: string;
  title: string;
  description: string;
  author: string;
  ownerEmail: string;
}

/** Every episode, newest first, in English, as RSS for podcast apps. */
export async function podcastFeed(db: Db, options: PodcastFeedOptions): Promise<string> {
  const episodes = await listFullEpisodes(db, "en");
  return buildPodcastFeed(
    {
      ...options,
      language: "en",
      ownerName: options.author,
      pagePath: "/podcast",
      feedPath: FEED_PATH,
      imagePath: `/podcast/artwork/${SHOW_ARTWORK}.png`,
      episodePath: (slug) => `/podcast/${slug}`,
      episodeImagePath: (slug) => `/podcast/artwork/${slug}.png`,
      transcriptPath: (slug) => `/podcast/${slug}/transcript.txt`,
      timedTranscriptPath: transcriptPath,
      chaptersPath,
    },
    // transcript.txt serves the timed transcript's words too.
    episodes.map((episode) => ({ ...episode, hasTranscript: Boolean(episode.transcript) || episode.transcriptFormat !== null })),
  );
}
