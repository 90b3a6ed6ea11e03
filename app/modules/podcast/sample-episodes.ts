import sampleEpisodes from "@content/podcast-episodes.json";
import type { Language } from "~/i18n/languages";

/** The five podcast categories, stored by their English names. */
export const EPISODE_CATEGORIES = ["Legacy of MLK", "Global South Policy", "Pan-Africanism", "Anti-Colonial Diplomacy", "Diaspora Economics"] as const;

export type EpisodeText = { title: string; description: string };

export interface SampleEpisode {
  publishedAt: string;
  categories: string[];
  listens: number;
  /** Length of the generated chime, in seconds, and its notes (Hz). */
  seconds: number;
  notes: number[];
  transcript?: string;
  text: Record<Language, EpisodeText>;
}

/**
 * The eight sample episodes (listens from 2189 to 4582), seeded once on a fresh install
 * with a short generated chime as their audio. The English title gives the slug.
 */
export const SAMPLE_EPISODES: SampleEpisode[] = sampleEpisodes;
