import { createHash } from "node:crypto";
import { escapeXml } from "~/lib/xml";
import { CHAPTERS_TYPE, TRANSCRIPT_TYPES } from "./paths";

/**
 * The podcast's RSS 2.0 feed with the iTunes tags Apple Podcasts requires and the Podcasting 2.0
 * namespace (podcast:guid, podcast:locked, podcast:transcript, podcast:chapters). The `feed` package used for the blog
 * has no iTunes tags, so this one is written here; every text and URL goes through escapeXml.
 */
export interface FeedEpisode {
  slug: string;
  guid: string;
  title: string;
  description: string;
  publishedAt: string;
  durationSeconds: number;
  audioUrl: string;
  audioSize: number;
  audioType: string;
  categories: string[];
  hasTranscript: boolean;
  /** The timed transcript's format, announced before the plain text one; null when there is none. */
  transcriptFormat: keyof typeof TRANSCRIPT_TYPES | null;
  hasChapters: boolean;
}

export interface FeedOptions {
  /** Absolute site address without a trailing slash (APP_URL). */
  appUrl: string;
  /** The show's podcast:guid, assigned once (podcast-guid.server.ts). */
  guid: string;
  language: string;
  title: string;
  description: string;
  author: string;
  ownerName: string;
  ownerEmail: string;
  /** One category of Apple's list, nested as itunes:category writes it ("News" and "Politics"). */
  category: { top: string; sub: string | null };
  explicit: boolean;
  /** Paths on the site. */
  pagePath: string;
  feedPath: string;
  imagePath: string;
  episodePath: (slug: string) => string;
  episodeImagePath: (slug: string) => string;
  transcriptPath: (slug: string) => string;
  timedTranscriptPath: (slug: string, format: keyof typeof TRANSCRIPT_TYPES) => string;
  chaptersPath: (slug: string) => string;
}

/** Podcasting 2.0's podcast:guid: a UUID v5 of the feed URL without its scheme, in the podcast namespace. */
export function podcastGuid(feedUrl: string): string {
  const namespace = Buffer.from("ead4c236bf5858c6a2c6a6b28d128cb6", "hex");
  const name = feedUrl.replace(/^[a-z]+:\/\//i, "").replace(/\/+$/, "");
  const bytes = createHash("sha1").update(namespace).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** itunes:duration as hh:mm:ss. */
export function feedDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** M4A stored before it was kept as audio/x-m4a is announced under that type, as Apple's feed guidelines ask. */
const enclosureType = (type: string) => (type === "audio/mp4" ? "audio/x-m4a" : type);

const rfc822 = (iso: string) => new Date(iso).toUTCString();

export function buildPodcastFeed(options: FeedOptions, episodes: FeedEpisode[]): string {
  const url = (path: string) => escapeXml(new URL(path, `${options.appUrl}/`).href);
  const text = escapeXml;
  const feedUrl = new URL(options.feedPath, `${options.appUrl}/`).href;
  const latest = episodes.map((episode) => episode.publishedAt).sort().at(-1);
  const items = episodes.map((episode) =>
    [
      "<item>",
      `<title>${text(episode.title)}</title>`,
      `<description>${text(episode.description)}</description>`,
      `<link>${url(options.episodePath(episode.slug))}</link>`,
      `<guid isPermaLink="false">${text(episode.guid)}</guid>`,
      `<pubDate>${rfc822(episode.publishedAt)}</pubDate>`,
      `<enclosure url="${url(episode.audioUrl)}" length="${episode.audioSize}" type="${text(enclosureType(episode.audioType))}"/>`,
      `<itunes:title>${text(episode.title)}</itunes:title>`,
      `<itunes:summary>${text(episode.description)}</itunes:summary>`,
      `<itunes:duration>${feedDuration(episode.durationSeconds)}</itunes:duration>`,
      `<itunes:image href="${url(options.episodeImagePath(episode.slug))}"/>`,
      "<itunes:explicit>false</itunes:explicit>",
      "<itunes:episodeType>full</itunes:episodeType>",
      ...episode.categories.map((category) => `<category>${text(category)}</category>`),
      episode.transcriptFormat
        ? `<podcast:transcript url="${url(options.timedTranscriptPath(episode.slug, episode.transcriptFormat))}" type="${TRANSCRIPT_TYPES[episode.transcriptFormat]}" language="${text(options.language)}"/>`
        : "",
      episode.hasTranscript ? `<podcast:transcript url="${url(options.transcriptPath(episode.slug))}" type="text/plain" language="${text(options.language)}"/>` : "",
      episode.hasChapters ? `<podcast:chapters url="${url(options.chaptersPath(episode.slug))}" type="${CHAPTERS_TYPE}"/>` : "",
      "</item>",
    ]
      .filter(Boolean)
      .join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "<channel>",
    `<title>${text(options.title)}</title>`,
    `<link>${url(options.pagePath)}</link>`,
    `<description>${text(options.description)}</description>`,
    `<language>${text(options.language)}</language>`,
    `<atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    latest ? `<lastBuildDate>${rfc822(latest)}</lastBuildDate>` : "",
    `<image><url>${url(options.imagePath)}</url><title>${text(options.title)}</title><link>${url(options.pagePath)}</link></image>`,
    `<itunes:author>${text(options.author)}</itunes:author>`,
    `<itunes:owner><itunes:name>${text(options.ownerName)}</itunes:name><itunes:email>${text(options.ownerEmail)}</itunes:email></itunes:owner>`,
    `<itunes:image href="${url(options.imagePath)}"/>`,
    options.category.sub
      ? `<itunes:category text="${text(options.category.top)}"><itunes:category text="${text(options.category.sub)}"/></itunes:category>`
      : `<itunes:category text="${text(options.category.top)}"/>`,
    `<itunes:explicit>${options.explicit}</itunes:explicit>`,
    "<itunes:type>episodic</itunes:type>",
    `<podcast:guid>${text(options.guid)}</podcast:guid>`,
    `<podcast:locked owner="${text(options.ownerEmail)}">yes</podcast:locked>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}
