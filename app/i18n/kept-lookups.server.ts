import { keepMergedStrings } from "./i18n";
import { keepTranslatorLookups, type Found, type LookUp, type Resources } from "./translator";

/**
 * The server renders the same strings on every page of a kind: a page's merged strings are kept per set
 * of texts (the texts themselves are kept once per language, so a set is the same objects from one page to
 * the next), and each translator looks each key up once per set (ADR 081). The browser renders a page
 * once and is sent none of this; `keepStringsOnTheServer` is called by app/entry.server.tsx.
 */
export function keepStringsOnTheServer(): void {
  keepMergedStrings(keptMerge);
  keepTranslatorLookups(keptLookUp);
}

interface MergedSet {
  next: Map<unknown, MergedSet>;
  merged?: Resources;
}

/** Far more than the site's languages times its kinds of page; past it (texts that changed), all are forgotten. */
const MOST_MERGED_SETS = 256;
let mergedSets: MergedSet = { next: new Map() };
let mergedCount = 0;

function keptMerge(bundles: unknown[], merge: (bundles: unknown[]) => Resources): Resources {
  if (mergedCount >= MOST_MERGED_SETS) {
    mergedSets = { next: new Map() };
    mergedCount = 0;
  }
  let node = mergedSets;
  for (const bundle of bundles) {
    let next = node.next.get(bundle);
    if (!next) node.next.set(bundle, (next = { next: new Map() }));
    node = next;
  }
  if (!node.merged) {
    mergedCount++;
    node.merged = merge(bundles);
  }
  return node.merged;
}

/** What each key of a set of strings names, once looked up; a set no longer used is collected with its keys. */
const foundKeys = new WeakMap<Resources, Map<string, Found>>();

function keptLookUp(resources: Resources, defaultNamespace: string, lookUp: LookUp): LookUp {
  let found = foundKeys.get(resources);
  if (!found) foundKeys.set(resources, (found = new Map()));
  const known = found;
  return (key, plural) => {
    const memoKey = `${defaultNamespace}|${key}|${plural}`;
    let result = known.get(memoKey);
    if (!result) known.set(memoKey, (result = lookUp(key, plural)));
    return result;
  };
}
