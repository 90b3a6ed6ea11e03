import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { locales } from "./locales";

type Tree = { [key: string]: unknown };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value as Tree, path)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = flatten(locales.en as Tree);

describe("locales", () => {
  it("registers the same namespaces for every language", () => {
    for (const language of LANGUAGES) expect(Object.keys(locales[language]).sort()).toEqual(Object.keys(locales.en).sort());
  });

  for (const language of LANGUAGES.filter((code) => code !== "en")) {
    describe(language, () => {
      const translated = flatten(locales[language] as Tree);

      it("has exactly the English keys", () => {
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it("keeps every {placeholder} of each string", () => {
        for (const [key, text] of english) expect(placeholders(translated.get(key) ?? ""), key).toEqual(placeholders(text));
      });

      it("is a translation, not a copy of the English", () => {
        // Brand names and some short labels legitimately stay the same; most sentences must not.
        const words = (text: string) => text.replace(/\{\w+\}|Diaspora Policy/g, "").split(/\s+/).filter((w) => /\p{L}/u.test(w));
        const sentences = [...english].filter(([, text]) => words(text).length >= 4);
        const copied = sentences.filter(([key, text]) => translated.get(key) === text).map(([key]) => key);
        expect(copied).toEqual([]);
      });
    });
  }
});
