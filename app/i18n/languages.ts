export const LANGUAGES = ["en", "es", "pt", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";
/** Cookie that carries the reader's choice to the server, so the first paint is in their language. */
export const LANGUAGE_COOKIE = "lang";
/** Browser-storage key that mirrors the cookie (the choice is kept in browser storage). */
export const LANGUAGE_STORAGE_KEY = "preferredLanguage";
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Names are written in their own language, as readers look for them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  pt: "Português",
  fr: "Français",
};

/** BCP 47 tags for hreflang, Open Graph and Intl formatting. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: "en-US",
  es: "es-ES",
  pt: "pt-BR",
  fr: "fr-FR",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a page from its route params; anything unknown is the default. */
export function languageOf(params: { lang?: string }): Language {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}
