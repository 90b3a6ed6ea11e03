import { LANGUAGE_LOCALES, type Language } from "./languages";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one, and a page writes dozens of dates: each is built once. */
function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], options)));
  return format;
}

/** "May 2, 2025" in English, "2 mai 2025" in French; computed on the server so both renders agree. */
export function formatDate(isoDate: string, language: Language): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** Minutes to read a text at 200 words a minute, at least one. Words are counted without copying them: an article page counts its whole body. */
export function readingMinutes(text: string): number {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const space = isWhiteSpace(text.charCodeAt(index));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return Math.max(1, Math.round(words / 200));
}

/** What `\s` matches in a regular expression: ASCII and Unicode spaces, line ends and the byte order mark. */
function isWhiteSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** "Jan 31, 2026, 14:05 UTC" in the reader's language, in UTC; computed on the server so both renders agree. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date) + " UTC";
}

/** A month written "2026-01" in the reader's language: "Jan", "J" or "January 2026" by `style`; computed on the server. */
export function formatMonth(month: string, language: Language, style: "narrow" | "short" | "full"): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  const options: Intl.DateTimeFormatOptions = style === "full" ? { month: "long", year: "numeric" } : { month: style };
  return dateFormat(language, { ...options, timeZone: "UTC" }).format(date);
}

/** A UTC day written "2026-01-31" as "Jan 31" in the reader's language, for a chart's axis; computed on the server. */
export function formatShortDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateFormat(language, { month: "short", day: "numeric", timeZone: "UTC" }).format(date);
}
