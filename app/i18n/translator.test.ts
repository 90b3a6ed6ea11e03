import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { resourcesFor } from "./resources.server";
import { createTranslator, type Resources } from "./translator";

/** Every leaf key of a namespace, with plural suffixes folded into their base key. */
function keysOf(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [prefix];
  return [...new Set(Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key.replace(/_(one|other)$/, "")}` : key.replace(/_(one|other)$/, ""))))];
}

function i18nextFor(language: string, resources: Resources) {
  const instance = i18next.createInstance();
  void instance.init({ lng: language, resources: { [language]: resources as never }, defaultNS: "common", fallbackNS: false, initAsync: false, returnNull: false, interpolation: { escapeValue: false, prefix: "{", suffix: "}" } });
  return instance.t;
}

describe("the translator", () => {
  // The site's strings used to go through i18next: every key of every language must read the same.
  it("renders every key of every language as i18next did, with and without counts and placeholders", () => {
    const values = { name: "Ada", platform: "YouTube", email: "a@example.org", title: "T", page: 2, number: "1,234", date: "D", query: "q" };
    for (const language of LANGUAGES) {
      const resources = resourcesFor(language);
      const reference = i18nextFor(language, resources);
      const t = createTranslator(language, resources);
      for (const namespace of Object.keys(resources)) {
        for (const key of keysOf(resources[namespace])) {
          const full = `${namespace}:${key}`;
          if (Array.isArray(t(full, { returnObjects: true }))) {
            // Lists are read with returnObjects only.
            expect(t(full, { returnObjects: true })).toEqual(reference(full, { returnObjects: true }));
            continue;
          }
          for (const options of [values, { ...values, count: 0 }, { ...values, count: 1 }, { ...values, count: 7 }, { count: "230" }, {}]) {
            expect(t(full, options), `${language} ${full} ${JSON.stringify(options)}`).toBe(reference(full, options as never));
          }
        }
      }
    }
  });

  const resources = { common: { hello: "Hello {name}", list: ["a", "b"], item_one: "{count} item", item_other: "{count} items" }, blog: { title: "Blog" } };

  it("reads a namespace prefix, the default namespace and the fallback keys in order", () => {
    const t = createTranslator("en", resources, "blog");
    expect(t("title")).toBe("Blog");
    expect(t("common:hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t(["missing", "common:hello"], { name: "Ada" })).toBe("Hello Ada");
    expect(t(["missing", "common:absent"])).toBe("absent");
  });

  it("uses the language's plural rules, leaves unknown placeholders and returns lists when asked", () => {
    const t = createTranslator("fr", resources);
    expect(t("item", { count: 0 })).toBe("0 item");
    expect(t("item", { count: 2 })).toBe("2 items");
    expect(createTranslator("en", resources)("item", { count: 0 })).toBe("0 items");
    expect(t("hello")).toBe("Hello {name}");
    expect(t("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(t("nowhere", { defaultValue: "fallback" })).toBe("fallback");
  });
});
