import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildPodcastFeed, feedDuration, podcastGuid, type FeedEpisode, type FeedOptions } from "./feed";

describe("podcast feed helpers", () => {
  it("computes podcast:guid as Podcasting 2.0 does (UUID v5 of the URL without scheme)", () => {
    // The namespace's own documented example: podcastindex.org/namespace/1.0#guid.
    expect(podcastGuid("https://mp3s.nashownotes.com/pc20rss.xml")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
    expect(podcastGuid("http://mp3s.nashownotes.com/pc20rss.xml/")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
  });

  it("writes itunes:duration as hh:mm:ss", () => {
    expect(feedDuration(12)).toBe("00:00:12");
    expect(feedDuration(3723)).toBe("01:02:03");
  });
});

describe("podcast feed transcripts and chapters", () => {
  const options: FeedOptions = {
    appUrl: "https://diaspora.example",
    guid: "5f3b0a4e-0000-5000-8000-000000000001",
    language: "en",
    title: "Show",
    description: "About",
    author: "Host",
    ownerName: "Host",
    ownerEmail: "host@diaspora.example",
    category: { top: "News", sub: "Politics" },
    explicit: false,
    pagePath: "/podcast",
    feedPath: "/podcast/feed.xml",
    imagePath: "/podcast/artwork/show.png",
    episodePath: (slug) => `/podcast/${slug}`,
    episodeImagePath: (slug) => `/podcast/artwork/${slug}.png`,
    transcriptPath: (slug) => `/podcast/${slug}/transcript.txt`,
    timedTranscriptPath: (slug, format) => `/podcast/${slug}/transcript.${format}`,
    chaptersPath: (slug) => `/podcast/${slug}/chapters.json`,
  };
  const episode = (slug: string, extra: Partial<FeedEpisode>): FeedEpisode => ({
    slug,
    guid: `guid-${slug}`,
    title: slug,
    description: "Notes",
    publishedAt: "2026-11-10T09:00:00.000Z",
    durationSeconds: 60,
    audioUrl: `/podcast/audio/${slug}.mp3`,
    audioSize: 1000,
    audioType: "audio/mpeg",
    categories: [],
    hasTranscript: false,
    transcriptFormat: null,
    hasChapters: false,
    ...extra,
  });
  const parse = (xml: string) =>
    new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "item" || name === "podcast:transcript" }).parse(xml).rss;

  it("announces each timed transcript under its type, the plain text after it, and the chapters, with absolute URLs", () => {
    const rss = parse(
      buildPodcastFeed(options, [
        episode("with-vtt", { hasTranscript: true, transcriptFormat: "vtt", hasChapters: true }),
        episode("with-srt", { hasTranscript: true, transcriptFormat: "srt" }),
        episode("bare", {}),
      ]),
    );
    expect(rss["@xmlns:podcast"]).toBe("https://podcastindex.org/namespace/1.0");
    const [vtt, srt, bare] = rss.channel.item;
    expect(vtt["podcast:transcript"]).toEqual([
      { "@url": "https://diaspora.example/podcast/with-vtt/transcript.vtt", "@type": "text/vtt", "@language": "en" },
      { "@url": "https://diaspora.example/podcast/with-vtt/transcript.txt", "@type": "text/plain", "@language": "en" },
    ]);
    expect(vtt["podcast:chapters"]).toEqual({ "@url": "https://diaspora.example/podcast/with-vtt/chapters.json", "@type": "application/json+chapters" });
    expect(srt["podcast:transcript"][0]).toEqual({ "@url": "https://diaspora.example/podcast/with-srt/transcript.srt", "@type": "application/x-subrip", "@language": "en" });
    expect(srt["podcast:chapters"]).toBeUndefined();
    expect(bare["podcast:transcript"]).toBeUndefined();
  });

  it("announces M4A as audio/x-m4a, also when it was stored as audio/mp4, and writes the stored podcast:guid", () => {
    const rss = parse(buildPodcastFeed(options, [episode("aac", { audioType: "audio/mp4", audioUrl: "/podcast/audio/aac.m4a" }), episode("mp3", {})]));
    expect(rss.channel.item.map((item: { enclosure: { "@type": string } }) => item.enclosure["@type"])).toEqual(["audio/x-m4a", "audio/mpeg"]);
    expect(rss.channel["podcast:guid"]).toBe(options.guid);
  });
});
