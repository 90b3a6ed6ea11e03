import i18next, { type i18n, type ResourceLanguage, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "./languages";

/**
 * One i18next instance per language and resource bundle. The bundle already has English merged
 * under the reader's language; a key missing from both renders as the key itself.
 */
const instances = new WeakMap<ResourceLanguage, i18n>();

export function i18nFor(language: Language, resources: ResourceLanguage): i18n {
  const existing = instances.get(resources);
  if (existing && existing.language === language) return existing;
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    // A copy: addPageResources adds namespaces to the store, which must not grow the shared shell
    // object the root loader sends with every page.
    resources: { [language]: { ...resources } },
    defaultNS: "common",
    fallbackNS: false,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false, prefix: "{", suffix: "}" },
    react: { useSuspense: false },
  });
  instances.set(resources, instance);
  return instance;
}

/** A translator for code that runs outside React (meta functions, the server). */
export function translatorFor(language: Language, resources: ResourceLanguage): TFunction {
  return i18nFor(language, resources).t;
}

/** Adds the namespaces that matched routes sent (their loader's `i18n` field) to the instance. */
export function addPageResources(instance: i18n, language: Language, routeData: ReadonlyArray<unknown>): void {
  for (const data of routeData) {
    const bundles = (data as { i18n?: ResourceLanguage } | undefined)?.i18n;
    if (!bundles) continue;
    for (const [namespace, bundle] of Object.entries(bundles)) {
      if (!instance.hasResourceBundle(language, namespace)) instance.addResourceBundle(language, namespace, bundle);
    }
  }
}
