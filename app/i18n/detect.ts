import { LANGUAGE_COOKIE, LANGUAGES, isLanguage, type Language } from "./languages";

/** Reads the language cookie; anything malformed or unsupported counts as absent. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== LANGUAGE_COOKIE) continue;
    let value = part.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    value = value.toLowerCase();
    return isLanguage(value) ? value : null;
  }
  return null;
}

/**
 * The supported language the reader ranks highest in Accept-Language ("fr-CA;q=0.9, en;q=0.8"),
 * or null when none is supported. Malformed entries are skipped.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", quality, index };
    })
    .filter((entry) => Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if ((LANGUAGES as readonly string[]).includes(entry.base)) return entry.base as Language;
  }
  return null;
}

/** A stored choice wins; on a first visit (no choice) the browser's preference decides. */
export function preferredLanguage(headers: { cookie?: string | null; acceptLanguage?: string | null }): Language | null {
  const fromCookie = languageFromCookie(headers.cookie);
  if (fromCookie) return fromCookie;
  // A cookie that is present but unreadable is a stored choice we cannot honour: English, not a guess.
  if (headers.cookie?.split(";").some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`))) return null;
  return languageFromAcceptLanguage(headers.acceptLanguage);
}
