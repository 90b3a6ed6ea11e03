import { describe, expect, it } from "vitest";
import { encodeResources } from "./encoded-resources";
import { withPageResources } from "./i18n";
import { keepStringsOnTheServer } from "./kept-lookups.server";
import { createTranslator } from "./translator";

const shell = encodeResources({ common: { hello: "Hello {name}", items_one: "{count} item", items_other: "{count} items" } });
const blog = encodeResources({ blog: { title: "Blog" }, common: { extra: "Extra" } });
const podcast = encodeResources({ podcast: { title: "Podcast" } });

describe("strings kept on the server", () => {
  it("merges a set of texts once: the same texts give the same strings object from one page to the next", () => {
    const before = withPageResources(shell, [{ i18n: blog }]).merged;
    expect(withPageResources(shell, [{ i18n: blog }]).merged).not.toBe(before);
    keepStringsOnTheServer();
    const first = withPageResources(shell, [{ i18n: blog }]).merged;
    expect(withPageResources(shell, [{ i18n: blog }]).merged).toBe(first);
    expect(first).toEqual(before);
    const other = withPageResources(shell, [{ i18n: podcast }]).merged;
    expect(other).not.toBe(first);
    expect(other).toHaveProperty("podcast.title", "Podcast");
  });

  it("translates as before, plurals, placeholders, namespaces and missing keys included", () => {
    keepStringsOnTheServer();
    const merged = withPageResources(shell, [{ i18n: blog }]).merged;
    for (let render = 0; render < 2; render++) {
      const t = createTranslator("en", merged);
      expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
      expect(t("hello")).toBe("Hello {name}");
      expect(t("items", { count: 1 })).toBe("1 item");
      expect(t("items", { count: 3 })).toBe("3 items");
      expect(t("blog:title")).toBe("Blog");
      expect(t("extra")).toBe("Extra");
      expect(t(["missing", "blog:title"])).toBe("Blog");
      expect(t("nowhere.key")).toBe("nowhere.key");
      expect(createTranslator("en", merged, "blog")("title")).toBe("Blog");
    }
  });
});
