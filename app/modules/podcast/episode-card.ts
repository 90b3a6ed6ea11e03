/** What the podcast page shows of an episode, in the reader's language (newest first from listEpisodes). */
export interface EpisodeCard {
  id: string;
  slug: string;
  title: string;
  description: string;
  durationSeconds: number;
  /** ISO date-time. */
  publishedAt: string;
  imageUrl: string;
  audioUrl: string;
  categories: string[];
  listens: number;
}
