import type { Generated } from "kysely";

/**
 * Table types of the publication's content: articles (with their texts, revisions and old addresses)
 * and podcast episodes (with their texts and counted listens). Split from schema.ts, which names every
 * table in `Database` and re-exports these; read as text by tests/integration/schema-types.test.ts too.
 */
export interface ArticlesTable {
  id: string;
  slug: string;
  category: string;
  tags: string;
  image: string;
  featured: number;
  /** When it was or will be published; for a draft, when it was created. */
  published_at: string;
  created_at: string;
  updated_at: string;
  /** Only "published" articles are shown to readers; a "scheduled" one is published by the outbox at published_at. */
  state: Generated<ArticleState>;
}

export type ArticleState = "draft" | "scheduled" | "published";

export interface ArticleTranslationsTable {
  article_id: string;
  language: string;
  title: string;
  excerpt: string;
  body: string;
  search_text: string;
  updated_at: string;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  image_alt: Generated<string>;
}

/** An old slug of a published article, answered with a permanent redirect to the article's address. */
export interface ArticleSlugRedirectsTable {
  slug: string;
  article_id: string;
  created_at: string;
}

/** One saved text of one language of an article; the last 20 per language are kept. */
export interface ArticleRevisionsTable {
  id: string;
  article_id: string;
  language: string;
  title: string;
  excerpt: string;
  body: string;
  seo_title: string;
  seo_description: string;
  image_alt: string;
  autosaved: number;
  created_at: string;
}

/** A podcast episode; its title and description are in episode_translations. */
export interface EpisodesTable {
  id: string;
  slug: string;
  duration_seconds: number;
  published_at: string;
  /** A site path (/podcast/artwork/<slug>.svg). */
  image: string;
  /** JSON array of category names. */
  categories: string;
  listens: number;
  /** Object-storage key of the audio, its size in bytes and MIME type. */
  audio_key: string;
  audio_size: number;
  audio_type: string;
  guid: string;
  /** Plain-text transcript (served as transcript.txt when there is no timed one). */
  transcript: string | null;
  /** The timed transcript as uploaded, and its format: "vtt" (WebVTT) or "srt" (SubRip). */
  transcript_file: string | null;
  transcript_format: string | null;
  /** Podcasting 2.0 JSON chapters, as checked and rewritten on upload. */
  chapters: string | null;
  created_at: string;
  updated_at: string;
}

export interface EpisodeTranslationsTable {
  episode_id: string;
  language: string;
  title: string;
  description: string;
  updated_at: string;
}

/** A counted listen: one per episode, hashed listener (IP + user agent) and UTC day. */
export interface EpisodeListensTable {
  episode_id: string;
  listener: string;
  day: string;
}

/** Listens per episode, UTC day and app (a label such as "spotify", never a user agent). */
export interface EpisodeListenDaysTable {
  episode_id: string;
  day: string;
  app: string;
  listens: Generated<number>;
}
