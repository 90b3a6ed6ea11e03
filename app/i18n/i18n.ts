import { decodeResources, type EncodedResources } from "./encoded-resources";
import type { Language } from "./languages";
import { createTranslator, type Resources, type Translate } from "./translator";

const translators = new WeakMap<Resources, Map<Language, Translate>>();

/** A translator for code that runs outside React (meta functions, mails, feeds), kept per bundle. */
export function translatorFor(language: Language, resources: Resources): Translate {
  let byLanguage = translators.get(resources);
  if (!byLanguage) translators.set(resources, (byLanguage = new Map()));
  let translate = byLanguage.get(language);
  if (!translate) byLanguage.set(language, (translate = createTranslator(language, resources)));
  return translate;
}

/**
 * The shell's strings with the namespaces the matched routes sent (their loader's `i18n` field); a
 * route's namespace adds its parts to the shell's (the admin's pages send the admin-only parts of
 * "common"). The same object while the texts are the same, so translators last between renders.
 */
export function withPageResources(
  shell: EncodedResources | undefined,
  routeData: ReadonlyArray<unknown>,
  previous?: { key: unknown[]; merged: Resources },
): { key: unknown[]; merged: Resources } {
  const key: unknown[] = [shell, ...routeData.map((data) => (data as { i18n?: EncodedResources } | undefined)?.i18n)];
  if (previous && previous.key.length === key.length && previous.key.every((bundle, index) => bundle === key[index])) return previous;
  // Pages of one kind send the same texts, so the server merges each set once (and its translators then
  // look each key up once): kept by the texts themselves, a few sets per language.
  let node = mergedSets;
  for (const bundle of key) {
    let next = node.next.get(bundle);
    if (!next) node.next.set(bundle, (next = { next: new Map() }));
    node = next;
  }
  if (!node.merged) {
    if (++mergedCount > MOST_MERGED_SETS) forgetMergedSets();
    node.merged = mergedFrom(key as Array<EncodedResources | undefined>);
  }
  return { key, merged: node.merged };
}

interface MergedSet {
  next: Map<unknown, MergedSet>;
  merged?: Resources;
}

/** Far more than the site's languages times its kinds of page; past it (texts that changed), all are forgotten. */
const MOST_MERGED_SETS = 256;
let mergedSets: MergedSet = { next: new Map() };
let mergedCount = 0;

function forgetMergedSets(): void {
  mergedSets = { next: new Map() };
  mergedCount = 1;
}

function mergedFrom(bundles: Array<EncodedResources | undefined>): Resources {
  const merged: Resources = {};
  for (const bundle of bundles) {
    for (const [namespace, tree] of Object.entries(decodeResources(bundle))) merged[namespace] = { ...(merged[namespace] as object), ...(tree as object) };
  }
  return merged;
}
