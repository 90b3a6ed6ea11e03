import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageFromCookie, preferredLanguage } from "./detect";

describe("language detection", () => {
  it("reads the language cookie among others", () => {
    expect(languageFromCookie("theme=dark; lang=fr; x=1")).toBe("fr");
    expect(languageFromCookie("lang=PT")).toBe("pt");
  });

  it("treats a malformed or unsupported cookie as absent, never throws", () => {
    for (const header of ["lang=%E0%A4%A", "lang=de", "lang=", "lang", "=fr", ";;;", "lang=fr%", undefined, null]) {
      expect(() => languageFromCookie(header)).not.toThrow();
    }
    expect(languageFromCookie("lang=%E0%A4%A")).toBeNull();
    expect(languageFromCookie("lang=de")).toBeNull();
  });

  it("picks the highest-ranked supported language from Accept-Language", () => {
    expect(languageFromAcceptLanguage("de-DE, pt-BR;q=0.9, en;q=0.8")).toBe("pt");
    expect(languageFromAcceptLanguage("en;q=0.5, fr-CA;q=0.9")).toBe("fr");
    expect(languageFromAcceptLanguage("es;q=0, en")).toBe("en");
    expect(languageFromAcceptLanguage("de, ja")).toBeNull();
    expect(languageFromAcceptLanguage("q=;;,,*")).toBeNull();
  });

  it("prefers the stored choice, then the browser, and falls back to nothing for a bad cookie", () => {
    expect(preferredLanguage({ cookie: "lang=es", acceptLanguage: "fr" })).toBe("es");
    expect(preferredLanguage({ cookie: "other=1", acceptLanguage: "fr" })).toBe("fr");
    expect(preferredLanguage({ cookie: "lang=zz", acceptLanguage: "fr" })).toBeNull();
    expect(preferredLanguage({})).toBeNull();
  });
});
