import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { LANGUAGE_LOCALES, LANGUAGES } from "~/i18n/languages";
import { localizePath, splitLanguagePrefix } from "~/i18n/paths";
import { useSiteSettings } from "~/components/site-settings";
import { useLanguage } from "~/i18n/root-data";

/**
 * The canonical URL of this page, its `hreflang` alternates in the four languages (English as
 * `x-default`) and the blog's feeds. React places these links in the document head.
 */
export function LanguageAlternates() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const language = useLanguage();
  const appUrl = useSiteSettings()?.appUrl ?? "";
  const { rest } = splitLanguagePrefix(pathname);
  const absolute = (path: string) => `${appUrl}${path}`;
  const feedTitle = t("documentTitle", { page: t("pages:blog.title") });
  return (
    <>
      <link rel="canonical" href={absolute(localizePath(rest, language))} />
      {LANGUAGES.map((code) => (
        <link key={code} rel="alternate" hrefLang={LANGUAGE_LOCALES[code]} href={absolute(localizePath(rest, code))} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absolute(localizePath(rest, "en"))} />
      <link rel="alternate" type="application/rss+xml" title={feedTitle} href={absolute(localizePath("/blog/feed.xml", language))} />
      <link rel="alternate" type="application/atom+xml" title={feedTitle} href={absolute(localizePath("/blog/atom.xml", language))} />
    </>
  );
}
