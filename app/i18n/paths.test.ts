import { describe, expect, it } from "vitest";
import { isSafeLocalPath, localizePath, sameSiteTarget, splitLanguagePrefix, switchLanguagePath } from "./paths";

describe("language paths", () => {
  it("keeps English at the unprefixed paths and prefixes the others", () => {
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

  const SITE = "http://site.example";
  const staysHome = (target: string) => new URL(target, SITE).origin === SITE;
  // Ways to write another site's address that browsers accept where a path is expected.
  const OFFSITE = ["//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example", "/\t/evil.example", "/ /evil.example", "/\n/evil.example", "https://evil.example", "http:evil.example", "http:/evil.example", "javascript:alert(1)"];

  it("refuses every way of writing another site as a redirect target, and accepts encoded lookalikes that stay home", () => {
    for (const unsafe of [...OFFSITE, "blog", "", "/a b"]) expect(isSafeLocalPath(unsafe), unsafe).toBe(false);
    for (const safe of ["/blog?x=1", "/%2F%2Fevil.example", "/%5Cevil.example", "/es/%2Fevil.example", "/blog?to=//evil.example"]) {
      expect(isSafeLocalPath(safe), safe).toBe(true);
    }
    expect(sameSiteTarget("//evil.example")).toBe("/");
    expect(sameSiteTarget("/blog")).toBe("/blog");
  });

  it("never builds a path that leaves the site, whatever follows a removed language prefix", () => {
    for (const rest of ["//evil.example", "/\\evil.example", "\\/evil.example", "/\t/evil.example", "/ /evil.example", "///evil.example"]) {
      for (const language of ["en", "fr"] as const) {
        const path = localizePath(rest, language);
        expect(staysHome(path), `${rest} in ${language}: ${path}`).toBe(true);
        expect(isSafeLocalPath(path), path).toBe(true);
      }
      for (const prefix of ["/es", "/en", "/fr"]) {
        const switched = switchLanguagePath(prefix + rest, "en");
        expect(staysHome(switched), `${prefix}${rest}: ${switched}`).toBe(true);
      }
    }
    expect(localizePath(splitLanguagePrefix("/en//evil.example").rest, "en")).toBe("/evil.example");
  });
});
