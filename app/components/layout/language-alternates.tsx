import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { LANGUAGE_LOCALES, LANGUAGES, type Language } from "~/i18n/languages";
import { localizePath, splitLanguagePrefix } from "~/i18n/paths";
import { useSiteSettings } from "~/components/site-settings";
import { useLanguage } from "~/i18n/root-data";

/** Query parameters that make a page of its own (a later page of a list, a category, a tag); others (search) do not. */
const PAGE_PARAMETERS = ["category", "tag", "page"];

/** The query a page's canonical address keeps: its own parameters, in a fixed order, without page 1. */
export function canonicalQuery(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMETERS) {
    const value = given.get(name);
    if (value && !(name === "page" && value === "1")) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/**
 * The canonical URL of this page (also its og:url), its `hreflang` alternates in the four languages
 * (English as `x-default`) and the blog's feeds. React places these in the document head.
 */
export function LanguageAlternates() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const language = useLanguage();
  const appUrl = useSiteSettings()?.appUrl ?? "";
  const { rest } = splitLanguagePrefix(pathname);
  const absolute = (path: string) => `${appUrl}${path}`;
  // This page in a language: the same list page, category or tag, never the reader's search.
  const page = (code: Language) => absolute(localizePath(rest, code) + canonicalQuery(search));
  const feedTitle = t("documentTitle", { page: t("pages:blog.title") });
  return (
    <>
      <link rel="canonical" href={page(language)} />
      <meta property="og:url" content={page(language)} />
      {LANGUAGES.map((code) => (
        <link key={code} rel="alternate" hrefLang={LANGUAGE_LOCALES[code]} href={page(code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={page("en")} />
      <link rel="alternate" type="application/rss+xml" title={feedTitle} href={absolute(localizePath("/blog/feed.xml", language))} />
      <link rel="alternate" type="application/atom+xml" title={feedTitle} href={absolute(localizePath("/blog/atom.xml", language))} />
    </>
  );
}
