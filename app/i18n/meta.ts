import type { MetaDescriptor } from "react-router";
import { translatorFor } from "./i18n";
import { LANGUAGE_LOCALES, LANGUAGES } from "./languages";
import type { SiteSettings } from "~/lib/site-settings";
import type { LanguageData } from "./root-data";

interface MatchLike {
  id: string;
  data?: unknown;
}

/**
 * Title, description and social cards of a page, from its `pages:<key>` strings. A page may give a
 * `documentTitle` of its own; otherwise the title is "<page> - Diaspora Policy".
 */
export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  key: string,
  options: { noindex?: boolean; title?: string; description?: string; image?: string; type?: "website" | "article" } = {},
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as (LanguageData & { site: SiteSettings }) | undefined;
  if (!root) return [];
  const t = translatorFor(root.language, root.resources);
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
  if (options.image) {
    const image = new URL(options.image, root.site.appUrl).href;
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (options.noindex) meta.push({ name: "robots", content: "noindex, nofollow" });
  return meta;
}
