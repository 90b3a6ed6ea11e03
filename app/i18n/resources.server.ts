import type { Resources } from "./translator";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { locales } from "./locales";

/** The browser receives just the reader's language (merged over English), through the root loader. */
export const allResources: Record<Language, Resources> = locales;

export type Tree = { [key: string]: unknown };

/** The translated tree over the English one: every key English has, in the translation where it exists. */
export function withEnglishFallback(base: Tree, over: Tree): Tree {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const baseValue = base[key];
    merged[key] =
      isTree(value) && isTree(baseValue) ? withEnglishFallback(baseValue, value) : value === "" ? baseValue : value;
  }
  return merged;
}

function isTree(value: unknown): value is Tree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const merged = new Map<Language, Resources>();

/** The reader's language with English under it: a key missing in French shows in English. */
export function resourcesFor(language: Language): Resources {
  const cached = merged.get(language);
  if (cached) return cached;
  const english = allResources[DEFAULT_LANGUAGE] as Tree;
  const tree = language === DEFAULT_LANGUAGE ? english : withEnglishFallback(english, allResources[language] as Tree);
  const resources = tree as Resources;
  merged.set(language, resources);
  return resources;
}

/** Strings every page needs (header, footer, titles, errors); the root loader sends these. */
export const SHELL_NAMESPACES = ["common", "nav", "footer", "errors", "pages", "admin", "newsletter"] as const;

function pick(language: Language, namespaces: readonly string[]): Resources {
  const all = resourcesFor(language);
  return Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace] ?? {}]));
}

const shells = new Map<Language, Resources>();

export function shellResourcesFor(language: Language): Resources {
  let shell = shells.get(language);
  if (!shell) {
    shell = pick(language, SHELL_NAMESPACES);
    shells.set(language, shell);
  }
  return shell;
}

/**
 * The extra namespaces a page needs, returned by its loader as `i18n`, so each page ships only its
 * own strings instead of the whole site's.
 */
export function pageResourcesFor(language: Language, namespaces: readonly string[]): Resources {
  return pick(language, namespaces);
}
