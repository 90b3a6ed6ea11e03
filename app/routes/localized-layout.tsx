import { Outlet, data, redirect } from "react-router";
import type { Route } from "./+types/localized-layout";
import { LanguageAlternates } from "~/components/layout/language-alternates";
import { SiteShell } from "~/components/layout/site-shell";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/languages";
import { localizePath, sameSiteTarget, splitLanguagePrefix } from "~/i18n/paths";

/** Pages under /:lang: an unknown prefix is a 404; /en/... is the unprefixed English URL (never another site: /en//x goes to /x). */
export function loader({ params, request }: Route.LoaderArgs) {
  if (params.lang === undefined) return null;
  if (!isLanguage(params.lang)) throw data(null, { status: 404 });
  if (params.lang === DEFAULT_LANGUAGE) {
    const url = new URL(request.url);
    throw redirect(sameSiteTarget(localizePath(splitLanguagePrefix(url.pathname).rest, DEFAULT_LANGUAGE) + url.search), 301);
  }
  return null;
}

export default function LocalizedLayout() {
  return (
    <SiteShell>
      <LanguageAlternates />
      <Outlet />
    </SiteShell>
  );
}
