import { describe, expect, it } from "vitest";
import { countedListenerApp, listenerAppOf } from "./listener-app";

// Real user agents of each app, as podcast hosts see them in their logs.
const AGENTS = {
  "apple-podcasts": [
    "AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)",
    "AppleCoreMedia/1.0.0.21G93 (Macintosh; U; Intel Mac OS X 14_6_1; fr_fr)",
    "Podcasts/1650.20 CFNetwork/1390 Darwin/22.0.0",
    "Podcasts/1410.53 CFNetwork/1111 Darwin/19.0.0 (x86_64)",
    "Balados/1660.5 CFNetwork/1335.0.3 Darwin/21.6.0",
    "atc/1.0 watchOS/10.5 model/Watch6,1 hwp/t8301 build/21T576 (6; dt:264) AMS/1",
  ],
  spotify: [
    "Spotify/8.7.10 iOS/15.3.1 (iPhone13,2)",
    "Spotify/8.8.50 Android/33 (SM-G991B)",
    "Spotify-Lite: Spotify-Lite/0.13.48.96 Android/22 (SM-G531H)",
    "spotify_android-tablet",
  ],
  overcast: [
    "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)",
    "Overcast ( http://overcast.fm/; Apple Watch podcast app)",
    "Overcast/792 CFNetwork/1098.7 Darwin/19.0.0",
  ],
  "pocket-casts": ["Pocket Casts", "Shifty Jelly Pocket Casts, iOS v4.2", "PocketCasts/7.62 (Android 14)"],
  browser: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  ],
  other: [
    "PodcastAddict/v5 ( https://podcastaddict.com/; Android podcast app)",
    "de.danoeh.antennapod/3.4.0 (Linux;Android 14) ExoPlayerLib/2.19.1",
    "VLC/3.0.8 LibVLC/3.0.8",
    "Castro 2022.11/1234 Like iTunes",
  ],
} as const;

describe("listenerAppOf", () => {
  for (const [app, agents] of Object.entries(AGENTS)) {
    it(`reads ${app} from its user agents`, () => {
      for (const agent of agents) expect(listenerAppOf(agent), agent).toBe(app);
    });
  }

  it("does not take the feed readers of Overcast and Pocket Casts for their players", () => {
    expect(listenerAppOf("Overcast/1.0 Podcast Sync (+http://overcast.fm/)")).toBe("other");
    expect(listenerAppOf("PocketCasts/1.0 (Pocket Casts Feed Parser; +http://pocketcasts.com/)")).toBe("other");
  });
});

describe("countedListenerApp", () => {
  it("counts the podcast apps, even those isbot takes for bots, and browsers", () => {
    expect(countedListenerApp("Overcast/3.0 (+http://overcast.fm/; iOS podcast app)")).toBe("overcast");
    expect(countedListenerApp("Pocket Casts")).toBe("pocket-casts");
    expect(countedListenerApp(AGENTS.browser[0])).toBe("browser");
    expect(countedListenerApp("  Spotify/8.7.10 iOS/15.3.1 (iPhone13,2)  ")).toBe("spotify");
  });

  it("counts other players as 'other'", () => {
    expect(countedListenerApp("VLC/3.0.8 LibVLC/3.0.8")).toBe("other");
  });

  it("never counts bots, feed readers or a missing user agent", () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Overcast/1.0 Podcast Sync (+http://overcast.fm/)",
      "PocketCasts/1.0 (Pocket Casts Feed Parser; +http://pocketcasts.com/)",
      "curl/8.5.0",
      "",
      "   ",
      null,
    ]) {
      expect(countedListenerApp(agent), String(agent)).toBeNull();
    }
  });
});
