import { describe, expect, it } from "vitest";
import { isSafeLocalPath, localizePath, splitLanguagePrefix, switchLanguagePath } from "./paths";

describe("language paths", () => {
  it("keeps English at the spec's paths and prefixes the others", () => {
    expect(localizePath("/blog", "en")).toBe("/blog");
    expect(localizePath("/blog", "fr")).toBe("/fr/blog");
    expect(localizePath("/", "es")).toBe("/es");
    expect(localizePath("podcast", "pt")).toBe("/pt/podcast");
  });

  it("splits a known prefix and leaves lookalikes alone", () => {
    expect(splitLanguagePrefix("/fr/blog/x")).toEqual({ language: "fr", rest: "/blog/x" });
    expect(splitLanguagePrefix("/pt")).toEqual({ language: "pt", rest: "/" });
    expect(splitLanguagePrefix("/fresh")).toEqual({ language: null, rest: "/fresh" });
    expect(splitLanguagePrefix("/de/blog")).toEqual({ language: null, rest: "/de/blog" });
  });

  it("switches language and keeps the query and hash", () => {
    expect(switchLanguagePath("/fr/blog?page=2#top", "es")).toBe("/es/blog?page=2#top");
    expect(switchLanguagePath("/es/blog", "en")).toBe("/blog");
    expect(switchLanguagePath("/", "fr")).toBe("/fr");
  });

  it("accepts only same-site paths as redirect targets", () => {
    expect(isSafeLocalPath("/blog?x=1")).toBe(true);
    for (const unsafe of ["//evil.example", "https://evil.example", "/\\evil.example", "blog", "", "/a b"]) {
      expect(isSafeLocalPath(unsafe)).toBe(false);
    }
  });
});
