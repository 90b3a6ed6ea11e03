import type { Db } from "~/adapters/db/database.server";
import { claimSetting, readSettings } from "~/modules/settings/settings.server";
import { podcastGuid } from "./feed";
import { FEED_PATH } from "./paths";

/**
 * The show's podcast:guid. Podcast indexes know a show by it, so it is worked out once, from the
 * feed's address at that time (APP_URL), stored in the settings and never worked out again: moving
 * the site to another domain keeps the show's identity. The server assigns it at start; the feed
 * assigns it itself should it find none.
 */
export async function showGuid(db: Db, appUrl: string, now: Date): Promise<string> {
  const stored = (await readSettings(db))["podcast.guid"];
  if (stored) return stored;
  return claimSetting(db, "podcast.guid", podcastGuid(new URL(FEED_PATH, `${appUrl}/`).href), now);
}
