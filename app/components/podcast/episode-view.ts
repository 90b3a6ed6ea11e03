import type { EpisodeCard } from "~/modules/podcast/episode-card";

/** An episode as the podcast page shows it: the loader adds its localized link, date, m:ss and ISO 8601 durations. */
export interface EpisodeView extends EpisodeCard {
  href: string;
  date: string;
  duration: string;
  isoDuration: string;
}
