import { describe, expect, it } from "vitest";
import { translatorFor } from "./i18n";
import { resourcesFor, withEnglishFallback } from "./resources.server";
import type { Resources } from "~/i18n/translator";

describe("translations", () => {
  it("renders the reader's language and interpolates {placeholders}", () => {
    const t = translatorFor("fr", resourcesFor("fr"));
    // Words that differ in every language, so English shown by mistake would fail.
    expect(t("nav:shop")).toBe("Boutique");
    expect(translatorFor("es", resourcesFor("es"))("nav:shop")).toBe("Tienda");
    expect(translatorFor("pt", resourcesFor("pt"))("nav:shop")).toBe("Loja");
    expect(translatorFor("en", resourcesFor("en"))("nav:shop")).toBe("Shop");
    expect(t("footer:comingSoon.message", { platform: "YouTube" })).toMatch(/^Notre page YouTube arrive bientôt\./);
    expect(t("footer:comingSoon.title")).not.toBe("Coming Soon");
  });

  it("falls back to English for a missing key, then to the key itself", () => {
    const english = { errors: { notFound: { title: "Page not found" }, server: { title: "Something went wrong" } } };
    const partial = { errors: { server: { title: "Algo salió mal" }, notFound: { title: "" } } };
    const t = translatorFor("es", withEnglishFallback(english, partial) as Resources);
    expect(t("errors:server.title")).toBe("Algo salió mal");
    expect(t("errors:notFound.title")).toBe("Page not found");
    expect(t("errors:no.such.key")).toBe("no.such.key");
  });
});
