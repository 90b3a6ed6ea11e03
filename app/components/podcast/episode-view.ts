import type { EpisodeCard } from "~/modules/podcast/episode-card";

/** An episode as the podcast page shows it: the loader adds its localized link, date and m:ss duration. */
export interface EpisodeView extends EpisodeCard {
  href: string;
  date: string;
  duration: string;
}
