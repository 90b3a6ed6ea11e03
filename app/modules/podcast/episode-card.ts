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
  /** What transcript the episode has (the edit dialog offers to remove it): timed, plain text, or none. */
  transcriptKind: "vtt" | "srt" | "text" | null;
  hasChapters: boolean;
}
