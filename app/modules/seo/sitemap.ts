import { LANGUAGE_LOCALES, LANGUAGES } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { escapeXml } from "~/lib/xml";

export interface SitemapEntry {
  /** The English (unprefixed) path; every language's URL is listed with alternates. */
  path: string;
  lastModified?: string;
}

/** A sitemap with one <url> per page and language, each naming its alternates (hreflang) and x-default. */
export function buildSitemap(appUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LANGUAGES.map((language) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_LOCALES[language]}" href="${escapeXml(appUrl + localizePath(entry.path, language))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(appUrl + entry.path)}"/>`,
    ].join("");
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${escapeXml(appUrl + localizePath(entry.path, language))}</loc>` +
        (entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified.slice(0, 10))}</lastmod>` : "") +
        `${alternates}</url>`,
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls.join("\n")}\n</urlset>\n`
  );
}

/** The public pages of `app/routes.ts`. Admin, cart and upload diagnostics are not for search engines. */
export const PUBLIC_PAGES = [
  "/",
  "/blog",
  "/podcast",
  "/shop",
  "/about",
  "/updates",
  "/subscribe",
  "/discourse-labs",
  "/unfiltered-dialogues",
  "/resources",
  "/contact",
];

export const DISALLOWED_PATHS = ["/admin", "/upload-diagnostics"];

export function buildRobots(appUrl: string): string {
  const lines = ["User-agent: *"];
  for (const path of DISALLOWED_PATHS) {
    for (const language of LANGUAGES) lines.push(`Disallow: ${localizePath(path, language)}`);
  }
  lines.push("", `Sitemap: ${appUrl}/sitemap.xml`, "");
  return lines.join("\n");
}
