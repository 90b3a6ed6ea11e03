import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "~/lib/site-settings";

/** The site's public settings from the root loader (undefined only outside the root route). */
export function useSiteSettings(): SiteSettings | undefined {
  return (useRouteLoaderData("root") as { site: SiteSettings } | undefined)?.site;
}

export function useAdminEnabled(): boolean {
  return useSiteSettings()?.adminEnabled ?? false;
}
