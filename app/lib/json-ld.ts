import { xmlSafe } from "./clean-text";

/**
 * JSON for a <script type="application/ld+json"> block: "<" is escaped so the text cannot close the tag,
 * and every string is read without the characters no text keeps (`xmlSafe`), so a title stored with a
 * control character before text was cleaned reaches search engines clean.
 */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data, (_key, value: unknown) => (typeof value === "string" ? xmlSafe(value) : value)).replace(/</g, "\\u003c");
}

/** The site's logo for search engines: square, opaque, larger than the 112 px they ask for (drawn by scripts/draw-social-cards.ts). */
export const SITE_LOGO = { path: "/images/social/logo.png", width: 512, height: 512 } as const;

/** The publication as the author and publisher of its articles, with its logo. */
export function publicationOrganization(appUrl: string, name: string) {
  return {
    "@type": "Organization",
    name,
    url: `${appUrl}/`,
    logo: { "@type": "ImageObject", url: appUrl + SITE_LOGO.path, width: SITE_LOGO.width, height: SITE_LOGO.height },
  };
}

/** A BreadcrumbList of a page's trail, from the home page to the page itself (absolute addresses). */
export function breadcrumbList(trail: ReadonlyArray<{ name: string; url: string }>) {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({ "@type": "ListItem", position: index + 1, name: step.name, item: step.url })),
  };
}

/**
 * A stored date or time as ISO 8601 with its offset (UTC, "Z"), as search engines ask: a date alone
 * ("2026-03-04", a sample article's) is that day's midnight UTC. A value no date can be read from is
 * left as it is.
 */
export function isoInstant(value: string): string {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString().replace(/\.000Z$/, "Z");
}
