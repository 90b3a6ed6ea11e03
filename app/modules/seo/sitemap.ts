import { LANGUAGE_LOCALES, LANGUAGES } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { escapeXml } from "~/lib/xml";
import { englishPattern, isFixedAddress, TABLE_ROUTES } from "~/route-table";

export interface SitemapEntry {
  /** The English (unprefixed) path; every language's URL is listed with alternates. */
  path: string;
  /** The last change of what the page shows (ISO text). */
  lastModified?: string;
}

/** The sitemaps protocol's limit of addresses in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Where the numbered sitemaps live when one file is not enough. */
export const sitemapPartPath = (number: number) => `/sitemaps/${number}.xml`;

/**
 * The site's sitemap: one <url> per page and language, each naming its alternates (hreflang) and
 * x-default. Past `maxUrls` addresses the entries are split into numbered sitemaps and /sitemap.xml
 * becomes their index, each part with the latest change it lists.
 */
export function buildSitemaps(appUrl: string, entries: SitemapEntry[], maxUrls = SITEMAP_MAX_URLS): { main: string; parts: string[] } {
  const perPart = Math.max(1, Math.floor(maxUrls / LANGUAGES.length));
  const groups: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length || groups.length === 0; start += perPart) groups.push(entries.slice(start, start + perPart));
  const parts = groups.map((group) => urlset(appUrl, group));
  if (parts.length === 1) return { main: parts[0]!, parts: [] };
  const sitemaps = groups.map((group, index) => {
    const latest = group.map((entry) => entry.lastModified ?? "").sort().at(-1);
    return `<sitemap><loc>${escapeXml(appUrl + sitemapPartPath(index + 1))}</loc>${latest ? `<lastmod>${escapeXml(latest.slice(0, 10))}</lastmod>` : ""}</sitemap>`;
  });
  const main = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
  return { main, parts };
}

function urlset(appUrl: string, entries: SitemapEntry[]): string {
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

/**
 * The pages the sitemap lists besides articles and episodes, read from the route table
 * (app/route-table.ts): every page anyone may read (`read: "public"`) at an address without parameters,
 * unless its line says `sitemap: false` (the cart, upload diagnostics and the newsletter's pages, which
 * are marked noindex). Feeds, files and the sitemap itself are resources, not pages; the admin and
 * account pages are not public; articles and episodes are listed one by one from the database.
 */
export const PUBLIC_PAGES: readonly string[] = TABLE_ROUTES.filter((route) => route.kind === "page" && route.policy.read === "public" && route.sitemap)
  .map(englishPattern)
  .filter(isFixedAddress);

export const DISALLOWED_PATHS = ["/admin", "/upload-diagnostics"];

export function buildRobots(appUrl: string): string {
  const lines = ["User-agent: *"];
  for (const path of DISALLOWED_PATHS) {
    for (const language of LANGUAGES) lines.push(`Disallow: ${localizePath(path, language)}`);
  }
  lines.push("", `Sitemap: ${appUrl}/sitemap.xml`, "");
  return lines.join("\n");
}
