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
  return { key, merged: keepMerged ? keepMerged(key, mergedFrom) : mergedFrom(key) };
}

/**
 * On the server, where pages of one kind send the same texts, each set is merged once (and its
 * translators then look each key up once): app/i18n/kept-lookups.server.ts sets this at start.
 */
let keepMerged: ((bundles: unknown[], merge: (bundles: unknown[]) => Resources) => Resources) | undefined;

export function keepMergedStrings(keep: typeof keepMerged): void {
  keepMerged = keep;
}

function mergedFrom(bundles: unknown[]): Resources {
  const merged: Resources = {};
  for (const bundle of bundles as Array<EncodedResources | undefined>) {
    for (const [namespace, tree] of Object.entries(decodeResources(bundle))) merged[namespace] = { ...(merged[namespace] as object), ...(tree as object) };
  }
  return merged;
}
