import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/**
 * English lives at the spec's paths; every other language under its own prefix (/fr/blog), so each
 * language has indexable URLs.
 */
export function splitLanguagePrefix(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguage(match[1])) {
    return { language: match[1], rest: match[2] || "/" };
  }
  return { language: null, rest: pathname || "/" };
}

export function localizePath(path: string, language: Language): string {
  const normalized = path.startsWith("/") ? path : `/${path}`;
  if (language === DEFAULT_LANGUAGE) return normalized;
  return normalized === "/" ? `/${language}` : `/${language}${normalized}`;
}

/** The same page in another language: strips any prefix, then adds the new one. Keeps query and hash. */
export function switchLanguagePath(pathWithQuery: string, language: Language): string {
  const [, pathname = "/", suffix = ""] = /^([^?#]*)(.*)$/.exec(pathWithQuery) ?? [];
  return localizePath(splitLanguagePrefix(pathname).rest, language) + suffix;
}

/** Only same-site paths may be redirect targets: "/x" yes; "//evil.example", "https://…" and "/\\x" no. */
export function isSafeLocalPath(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value);
}
