import { describe, expect, it } from "vitest";
import { groupIdsFor, providerGroupFor } from "./provider-groups";

describe("provider groups", () => {
  it("maps each source to its group, and any other source to general-subscribers", () => {
    expect(providerGroupFor("newsletter-section")).toBe("newsletter-subscribers");
    expect(providerGroupFor("footer-newsletter")).toBe("newsletter-subscribers");
    expect(providerGroupFor("subscribe-page")).toBe("complete-profile");
    expect(providerGroupFor("blog-related")).toBe("blog-readers");
    for (const source of ["updates-page", "unknown", "", "Footer-Newsletter"]) expect(providerGroupFor(source)).toBe("general-subscribers");
  });

  it("finds group ids by name, case-insensitively, and names the missing ones", () => {
    const groups = [
      { id: "1", name: "Newsletter-Subscribers" },
      { id: "2", name: " blog-readers " },
    ];
    expect(groupIdsFor(["newsletter-subscribers", "blog-readers", "complete-profile", "newsletter-subscribers"], groups)).toEqual({ ids: ["1", "2"], missing: ["complete-profile"] });
    expect(groupIdsFor(["general-subscribers"], [])).toEqual({ ids: [], missing: ["general-subscribers"] });
  });
});
