import type { Resources } from "./translator";
import { encodeResources, type EncodedResources } from "./encoded-resources";
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

/**
 * Strings every page needs (header, footer, titles, errors, the newsletter form); the root loader
 * sends these. "admin" is the admin access button and its dialog, which any visitor may open on a copy
 * with accounts; a read-only copy (ADMIN_ENABLED=false) shows neither and is not sent it.
 */
export const SHELL_NAMESPACES = ["common", "nav", "footer", "errors", "pages", "admin", "newsletter"] as const;

/**
 * Parts of namespaces only the admin's tools show (the shop's and the podcast's management panels,
 * the file picker of their uploads), each with the few keys readers do see (the podcast's 'Upload
 * Episode' button, shown to all, and what it tells a visitor who is not the admin). Readers receive
 * only those keys of the part, the admin in admin mode all of it. A namespace only admin pages ask for
 * (`editor`, the articles editor's) needs no entry: no page a reader can open sends it.
 */
export const ADMIN_ONLY: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  common: { filePicker: [] },
  shop: { manage: [] },
  podcast: { manage: ["upload", "adminRequired"] },
};

/** Who the strings are for: a reader gets the page without the admin's tools. */
export interface Audience {
  admin: boolean;
}

const READER: Audience = { admin: false };
const namespaces = new Map<string, Tree>();

/** One namespace for an audience, built once per language. */
function namespaceFor(language: Language, namespace: string, audience: Audience): Tree {
  const key = `${language}:${namespace}:${audience.admin}`;
  let tree = namespaces.get(key);
  if (!tree) {
    const full = (resourcesFor(language)[namespace] ?? {}) as Tree;
    const adminOnly = audience.admin ? {} : (ADMIN_ONLY[namespace] ?? {});
    tree = { ...full };
    for (const [part, readerKeys] of Object.entries(adminOnly)) {
      const kept = Object.entries((full[part] ?? {}) as Tree).filter(([key]) => readerKeys.includes(key));
      if (kept.length) tree[part] = Object.fromEntries(kept);
      else delete tree[part];
    }
    namespaces.set(key, tree);
  }
  return tree;
}

function pick(language: Language, names: readonly string[], audience: Audience): Resources {
  return Object.fromEntries(names.map((namespace) => [namespace, namespaceFor(language, namespace, audience)]));
}

const encoded = new Map<string, EncodedResources>();

/** A set of strings as loaders send it, encoded once per key (language, namespaces, audience). */
function encodedOnce(key: string, build: () => Resources): EncodedResources {
  let text = encoded.get(key);
  if (!text) encoded.set(key, (text = encodeResources(build())));
  return text;
}

/** The shell's strings, for readers (the admin's extra strings come with the pages that use them). */
export function shellResourcesFor(language: Language, { adminEnabled }: { adminEnabled: boolean }): EncodedResources {
  const names = adminEnabled ? SHELL_NAMESPACES : SHELL_NAMESPACES.filter((name) => name !== "admin");
  return encodedOnce(`shell:${language}:${adminEnabled}`, () => pick(language, names, READER));
}

/**
 * The extra namespaces a page needs, returned by its loader as `i18n`, so each page ships only its
 * own strings instead of the whole site's. The admin also gets the admin-only parts of the other
 * namespaces (the file picker's strings are in "common", which the shell sends without them); the
 * browser adds each namespace's parts to the shell's (`withPageResources`).
 */
export function pageResourcesFor(language: Language, names: readonly string[], audience: Audience = READER): EncodedResources {
  return encodedOnce(`page:${language}:${names.join(",")}:${audience.admin}`, () => pageResources(language, names, audience));
}

function pageResources(language: Language, names: readonly string[], audience: Audience): Resources {
  const resources = pick(language, names, audience);
  if (!audience.admin) return resources;
  for (const [namespace, parts] of Object.entries(ADMIN_ONLY)) {
    if (names.includes(namespace)) continue;
    const full = namespaceFor(language, namespace, audience);
    resources[namespace] = Object.fromEntries(Object.keys(parts).map((part) => [part, full[part]]));
  }
  return resources;
}
