/** Public paths of the podcast, shared by routes and components (a plain file: no server code). */
export const FEED_PATH = "/podcast/feed.xml";
/** The podcast's own artwork is /podcast/artwork/show.png (and .svg); an episode's is <slug>.svg|png. */
export const SHOW_ARTWORK = "show";

/** The timed transcript is served as /podcast/<slug>/transcript.<format>, with the type of its format. */
export const TRANSCRIPT_TYPES = { vtt: "text/vtt", srt: "application/x-subrip" } as const;
export const transcriptPath = (slug: string, format: keyof typeof TRANSCRIPT_TYPES) => `/podcast/${slug}/transcript.${format}`;
/** Podcasting 2.0's type for JSON chapters. */
export const CHAPTERS_TYPE = "application/json+chapters";
export const chaptersPath = (slug: string) => `/podcast/${slug}/chapters.json`;
