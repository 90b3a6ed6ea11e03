import type { Resources } from "./translator";

/**
 * Translations as loaders send them: one JSON text. React Router encodes loader data value by value
 * (turbo-stream), and a page's strings are some 300 values walked on every render; one text, built
 * once per language and set of namespaces, is one value, and the browser parses it with JSON.parse.
 */
export type EncodedResources = string & { readonly encodedResources: true };

/**
 * The texts this process made, with the objects they were made from: a finite set (languages × sets of
 * namespaces × audiences), so the server never parses its own strings back, however many there are.
 */
const made = new Map<string, Resources>();
/** Texts received and parsed (in the browser): a handful per language, kept up to a bound. */
const received = new Map<string, Resources>();
const MOST_RECEIVED = 256;

/** The text a loader sends; reading it back in this process costs a lookup. */
export function encodeResources(resources: Resources): EncodedResources {
  const text = JSON.stringify(resources) as EncodedResources;
  made.set(text, resources);
  return text;
}

/** The strings a loader sent; the same object for the same text, so translators made for it last. */
export function decodeResources(text: EncodedResources | undefined): Resources {
  if (!text) return {};
  let resources = made.get(text) ?? received.get(text);
  if (!resources) {
    if (received.size >= MOST_RECEIVED) received.delete(received.keys().next().value!);
    received.set(text, (resources = JSON.parse(text) as Resources));
  }
  return resources;
}
