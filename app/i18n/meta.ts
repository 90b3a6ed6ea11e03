import type { MetaDescriptor } from "react-router";
import { decodeResources } from "./encoded-resources";
import { translatorFor } from "./i18n";
import { LANGUAGE_LOCALES, LANGUAGES } from "./languages";
import type { SiteSettings } from "~/lib/site-settings";
import type { LanguageData } from "./root-data";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site's own card (drawn by scripts/draw-social-cards.ts), for pages without a picture of their own. */
export const SOCIAL_CARD = { width: 1200, height: 630, path: (language: string) => `/images/social/card-${language}.png` } as const;

interface PageMetaOptions {
  noindex?: boolean;
  title?: string;
  description?: string;
  /** The page's own picture (PNG or JPEG: the platforms show no SVG); without one, the site's card. */
  image?: string;
  imageSize?: { width: number; height: number };
  /** What the picture shows; the page's title when not given. */
  imageAlt?: string;
  type?: "website" | "article";
}

/**
 * Title, description and social cards of a page, from its `pages:<key>` strings. A page may give a
 * `documentTitle` of its own; otherwise the title is "<page> - Diaspora Policy". The page's address
 * (og:url) is written beside its canonical link (LanguageAlternates).
 */
export function pageMeta(matches: ReadonlyArray<MatchLike | undefined>, key: string, options: PageMetaOptions = {}): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as (LanguageData & { site: SiteSettings }) | undefined;
  if (!root) return [];
  const t = translatorFor(root.language, decodeResources(root.resources));
  const ownTitle = t(`pages:${key}.documentTitle`, { defaultValue: "" });
  const title = ownTitle || t("common:documentTitle", { page: options.title ?? t(`pages:${key}.title`) });
  const description = options.description ?? t(`pages:${key}.description`);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: t("common:siteName") },
    { property: "og:locale", content: LANGUAGE_LOCALES[root.language].replace("-", "_") },
    ...LANGUAGES.filter((language) => language !== root.language).map((language) => ({
      property: "og:locale:alternate",
      content: LANGUAGE_LOCALES[language].replace("-", "_"),
    })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  const image = options.image ? new URL(options.image, root.site.appUrl).href : new URL(SOCIAL_CARD.path(root.language), root.site.appUrl).href;
  const size = options.image ? options.imageSize : SOCIAL_CARD;
  const alt = options.image ? (options.imageAlt ?? options.title ?? title) : t("common:socialCardAlt");
  meta.push({ property: "og:image", content: image });
  if (size) meta.push({ property: "og:image:width", content: String(size.width) }, { property: "og:image:height", content: String(size.height) });
  meta.push({ property: "og:image:alt", content: alt }, { name: "twitter:image", content: image }, { name: "twitter:image:alt", content: alt });
  if (options.noindex) meta.push({ name: "robots", content: "noindex, nofollow" });
  return meta;
}
