import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/**
 * English lives at the unprefixed paths; every other language under its own prefix (/fr/blog), so each
 * language has indexable URLs.
 */
export function splitLanguagePrefix(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguage(match[1])) {
    return { language: match[1], rest: match[2] || "/" };
  }
  return { language: null, rest: pathname || "/" };
}

/**
 * Slashes, backslashes and blanks at the start of a path: browsers read "//host", "/\\host" and
 * "/<tab>/host" as another site's address, so a path keeps one "/" there.
 */
// eslint-disable-next-line no-control-regex
const LEADING_SEPARATORS = /^[\s\u0000-\u001f/\\]+/;

/** The path in `language`; always one leading "/", so the result never names another host. */
export function localizePath(path: string, language: Language): string {
  const normalized = `/${path.replace(LEADING_SEPARATORS, "")}`;
  if (language === DEFAULT_LANGUAGE) return normalized;
  return normalized === "/" ? `/${language}` : `/${language}${normalized}`;
}

/** The same page in another language: strips any prefix, then adds the new one. Keeps query and hash. */
export function switchLanguagePath(pathWithQuery: string, language: Language): string {
  const [, pathname = "/", suffix = ""] = /^([^?#]*)(.*)$/.exec(pathWithQuery) ?? [];
  return localizePath(splitLanguagePrefix(pathname).rest, language) + suffix;
}

const PROBE_ORIGIN = "http://site.invalid";

/**
 * Only same-site paths may be redirect targets: "/x" yes; "//evil.example", "https://…", "/\\x" no.
 * The judge is the URL parser browsers use (it reads "\\" as "/" and drops tabs), asked whether the
 * path, resolved against this site, is still on this site; blanks and control characters are refused too.
 */
export function isSafeLocalPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** `target` when a redirect there stays on this site, otherwise the home page. */
export function sameSiteTarget(target: string): string {
  return isSafeLocalPath(target) ? target : "/";
}
