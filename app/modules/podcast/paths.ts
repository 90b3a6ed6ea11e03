/** Public paths of the podcast, shared by routes and components (a plain file: no server code). */
export const FEED_PATH = "/podcast/feed.xml";
/** The podcast's own artwork is /podcast/artwork/show.png (and .svg); an episode's is <slug>.svg|png. */
export const SHOW_ARTWORK = "show";
