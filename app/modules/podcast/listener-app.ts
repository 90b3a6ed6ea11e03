import { isbot } from "isbot";

/** The apps the listens report names, in the order it lists them; anything else is "other". */
export const LISTENER_APPS = ["apple-podcasts", "spotify", "overcast", "pocket-casts", "browser", "other"] as const;

export type ListenerApp = (typeof LISTENER_APPS)[number];

/**
 * Podcast apps by their user agents' own words (as collected by the Open Podcast Analytics Working
 * Group). AppleCoreMedia is the iPhone's and Mac's media player, which Apple Podcasts streams through;
 * "Podcasts/…" (and its translations, such as "Balados/…") is Apple Podcasts downloading.
 */
const PODCAST_APPS: ReadonlyArray<readonly [ListenerApp, RegExp]> = [
  ["apple-podcasts", /^AppleCoreMedia\/|^(?:Podcasts|Podcaster|Balados|Podcasty|Podcastit|Podkaster)\/[\d.]+ |^atc\/[\d.]+ watchOS\//],
  ["spotify", /^Spotify(?:-Lite)?[/:]|^spotify_/i],
  ["overcast", /^Overcast\b/],
  ["pocket-casts", /^(?:Shifty Jelly )?Pocket ?Casts\b/],
];

/** The same apps' servers reading the feed, which are not listeners. */
const APP_FEED_READERS = /Podcast Sync|Feed Parser/;

/** Web browsers: a "Mozilla/5.0" agent naming one of the engines' browsers. */
const BROWSER = /^Mozilla\/5\.0 .*(?:Chrome|Chromium|Firefox|Safari|Edg|OPR|SamsungBrowser)\//;

/** The app a user agent belongs to: a known podcast app, a web browser, or "other". */
export function listenerAppOf(userAgent: string): ListenerApp {
  const agent = userAgent.trim();
  if (APP_FEED_READERS.test(agent)) return "other";
  for (const [app, pattern] of PODCAST_APPS) if (pattern.test(agent)) return app;
  return BROWSER.test(agent) ? "browser" : "other";
}

/**
 * The app of a download to count, or null when it is not a listener: no user agent, or a bot. A known
 * podcast app counts even where isbot calls it a bot (it flags Overcast and Pocket Casts, whose user
 * agents carry a web address), since its downloads are people listening.
 */
export function countedListenerApp(userAgent: string | null): ListenerApp | null {
  const agent = userAgent?.trim() ?? "";
  if (!agent) return null;
  const app = listenerAppOf(agent);
  if (app !== "browser" && app !== "other") return app;
  return isbot(agent) ? null : app;
}
