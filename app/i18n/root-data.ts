import type { EncodedResources } from "./encoded-resources";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { localizePath } from "./paths";

/** The root loader's language part: the page's language and the strings of the shell. */
export interface LanguageData {
  language: Language;
  resources: EncodedResources;
}

export function useLanguageData(): LanguageData | undefined {
  return useRouteLoaderData("root") as LanguageData | undefined;
}

export function useLanguage(): Language {
  return useLanguageData()?.language ?? DEFAULT_LANGUAGE;
}

/** Turns an English path ("/blog") into the current language's URL ("/fr/blog"). */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizePath(path, language);
}
