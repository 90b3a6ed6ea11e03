import type { ResourceLanguage } from "i18next";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { localizePath } from "./paths";

/** What the root loader gives every page: the language, its strings and the public settings. */
export interface RootData {
  language: Language;
  resources: ResourceLanguage;
  site: {
    appUrl: string;
    supportUrl: string;
    purchaseUrl: string;
    /** False on a read-only deployment (ADMIN_ENABLED=false): every admin control is hidden. */
    adminEnabled: boolean;
  };
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useAdminEnabled(): boolean {
  return useRootData()?.site.adminEnabled ?? false;
}

export function useLanguage(): Language {
  return useRootData()?.language ?? DEFAULT_LANGUAGE;
}

/** Turns an English path ("/blog") into the current language's URL ("/fr/blog"). */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizePath(path, language);
}
