import type { Language } from "./languages";

/** One language's strings: namespace → nested keys → string (or a list, read with `returnObjects`). */
export type Resources = { [namespace: string]: unknown };

export interface TranslateOptions {
  /** A number picks `key_one` / `key_other` by the language's plural rules; either fills `{count}`. */
  count?: number | string;
  /** Shown when the key is missing (instead of the key itself). */
  defaultValue?: string;
  /** Returns a list or subtree as it is, for keys whose value is not a sentence. */
  returnObjects?: boolean;
  [placeholder: string]: unknown;
}

/** A key, or keys tried in order (the first one present wins). */
type Keys = string | readonly string[];

export interface Translate {
  (key: Keys, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: Keys, options?: TranslateOptions): string;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

type Found = { path: string; value: unknown };

/** What each key of a set of resources names, once looked up (a set lives as long as its language's strings). */
const foundKeys = new WeakMap<Resources, Map<string, Found>>();

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The few features of i18next the site's strings use, in a few hundred bytes for the browser:
 * `namespace:dotted.key`, `{placeholder}` (left as written when not given, as i18next does),
 * `_one`/`_other` plurals by `Intl.PluralRules` (for a numeric count only, as i18next), fallback keys,
 * `defaultValue` and `returnObjects`. A missing key renders as the (last) key without its namespace.
 */
export function createTranslator(language: Language, resources: Resources, defaultNamespace = "common"): Translate {
  // The same strings are asked for on every page: each key is looked up once per set of resources.
  let found = foundKeys.get(resources);
  if (!found) foundKeys.set(resources, (found = new Map()));
  const known = found;
  const find = (key: string, options: TranslateOptions): Found => {
    const plural = typeof options.count === "number" ? pluralOf(language, options.count) : "";
    const memoKey = `${defaultNamespace}|${key}|${plural}`;
    let result = known.get(memoKey);
    if (!result) known.set(memoKey, (result = findIn(key, plural)));
    return result;
  };
  const findIn = (key: string, plural: string): Found => {
    const colon = key.indexOf(":");
    const tree = resources[colon === -1 ? defaultNamespace : key.slice(0, colon)];
    const path = colon === -1 ? key : key.slice(colon + 1);
    const value = plural ? lookup(tree, `${path}_${plural}`) : undefined;
    return { path, value: value ?? lookup(tree, path) };
  };
  const translate = (keys: Keys, options: TranslateOptions = {}): unknown => {
    let match: Found = { path: "", value: undefined };
    if (typeof keys === "string") match = find(keys, options);
    else {
      for (const key of keys) {
        match = find(key, options);
        if (typeof match.value === "string" || (options.returnObjects && match.value !== undefined)) break;
      }
    }
    const { path, value } = match;
    if (options.returnObjects && value !== undefined) return value;
    if (typeof value !== "string") return options.defaultValue ?? path;
    // Most strings have no placeholder: a page asks for hundreds, so those are returned without a scan.
    if (!value.includes("{")) return value;
    return value.replace(/\{(\w+)\}/g, (written, name: string) => (name in options ? String(options[name]) : written));
  };
  return translate as Translate;
}
