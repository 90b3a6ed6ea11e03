import type { Resources } from "./translator";

/**
 * Translations as loaders send them: one JSON text. React Router encodes loader data value by value
 * (turbo-stream), and a page's strings are some 300 values walked on every render; one text, built
 * once per language and set of namespaces, is one value, and the browser parses it with JSON.parse.
 */
export type EncodedResources = string & { readonly encodedResources: true };

/** Each text read so far and what it holds: a handful per language (the shell's, each page's namespaces). */
const decoded = new Map<string, Resources>();
const MOST_TEXTS = 256;

function remember(text: string, resources: Resources): void {
  if (decoded.size >= MOST_TEXTS) decoded.delete(decoded.keys().next().value!);
  decoded.set(text, resources);
}

/** The text a loader sends; the server keeps the object it was made from, so reading it back costs nothing. */
export function encodeResources(resources: Resources): EncodedResources {
  const text = JSON.stringify(resources) as EncodedResources;
  remember(text, resources);
  return text;
}

/** The strings a loader sent; the same object for the same text, so translators made for it last. */
export function decodeResources(text: EncodedResources | undefined): Resources {
  if (!text) return {};
  let resources = decoded.get(text);
  if (!resources) remember(text, (resources = JSON.parse(text) as Resources));
  return resources;
}
