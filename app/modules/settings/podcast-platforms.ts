import { webUrlOrNull } from "~/lib/web-url";
import type { OtherPlatform } from "./settings-forms";
import type { Settings } from "./settings.server";

/** A platform tile of 'Follow Everywhere': its name key (or the owner's name) and the show's page, null for 'Coming soon'. */
export interface PlatformLink {
  key: "apple" | "spotify" | "youtubeMusic" | "other";
  name: string | null;
  url: string | null;
}

/**
 * The platforms the owner added, read from their JSON setting (anything unreadable is dropped). A
 * Google Podcasts link stored before it could be edited here comes first: Google Podcasts closed in
 * 2024, so it is shown only because the owner set it, and the settings page lists it with the others.
 */
export function otherPlatformsOf(settings: Settings): OtherPlatform[] {
  const google = webUrlOrNull(settings["podcast.googleUrl"]);
  const others: OtherPlatform[] = google ? [{ name: "Google Podcasts", url: google }] : [];
  try {
    const stored: unknown = JSON.parse(settings["podcast.otherLinks"]);
    if (!Array.isArray(stored)) return others;
    for (const item of stored as { name?: unknown; url?: unknown }[]) {
      const url = webUrlOrNull(typeof item?.url === "string" ? item.url : null);
      if (url && typeof item.name === "string" && item.name) others.push({ name: item.name, url });
    }
  } catch {
    // A setting that is not JSON lists no other platform.
  }
  return others;
}

/** Every tile of 'Follow Everywhere' but the feed: the three main platforms always, then the owner's others. */
export function podcastPlatformsOf(settings: Settings): PlatformLink[] {
  return [
    {
      key: "apple",
      name: null,
      url: webUrlOrNull(settings["podcast.appleUrl"]),
    },
    {
      key: "spotify",
      name: null,
      url: webUrlOrNull(settings["podcast.spotifyUrl"]),
    },
    {
      key: "youtubeMusic",
      name: null,
      url: webUrlOrNull(settings["podcast.youtubeMusicUrl"]),
    },
    ...otherPlatformsOf(settings).map((other) => ({
      key: "other" as const,
      name: other.name,
      url: other.url,
    })),
  ];
}
