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

/** What a key names in a set of resources: its path without the namespace, and the string or tree found. */
export type Found = { path: string; value: unknown };
/** Looks a key up (with its plural form's suffix, or "") in one translator's resources. */
export type LookUp = (key: string, plural: string) => Found;

/**
 * On the server, which asks for the same strings on every page, each key is looked up once per set of
 * strings: app/i18n/kept-lookups.server.ts sets this at start. The browser keeps nothing and loads none of it.
 */
let keepLookups: ((resources: Resources, defaultNamespace: string, lookUp: LookUp) => LookUp) | undefined;

export function keepTranslatorLookups(keep: typeof keepLookups): void {
  keepLookups = keep;
}

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
  const lookUp: LookUp = (key, plural) => {
    const colon = key.indexOf(":");
    const tree = resources[colon === -1 ? defaultNamespace : key.slice(0, colon)];
    const path = colon === -1 ? key : key.slice(colon + 1);
    const value = plural ? lookup(tree, `${path}_${plural}`) : undefined;
    return { path, value: value ?? lookup(tree, path) };
  };
  const lookUpKey = keepLookups ? keepLookups(resources, defaultNamespace, lookUp) : lookUp;
  const find = (key: string, options: TranslateOptions): Found => lookUpKey(key, typeof options.count === "number" ? pluralOf(language, options.count) : "");
  const translate = (keys: Keys, options: TranslateOptions = {}): unknown => {
    let found: Found = { path: "", value: undefined };
    for (const key of typeof keys === "string" ? [keys] : keys) {
      found = find(key, options);
      if (typeof found.value === "string" || (options.returnObjects && found.value !== undefined)) break;
    }
    const { path, value } = found;
    if (options.returnObjects && value !== undefined) return value;
    if (typeof value !== "string") return options.defaultValue ?? path;
    return value.replace(/\{(\w+)\}/g, (written, name: string) => (name in options ? String(options[name]) : written));
  };
  return translate as Translate;
}
