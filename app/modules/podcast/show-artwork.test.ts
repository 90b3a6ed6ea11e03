import { describe, expect, it } from "vitest";
import { artworkFileOf, artworkKeyOf, artworkSizeProblem } from "./show-artwork";

describe("the show's artwork", () => {
  it("takes square images from 1400 to 3000 pixels", () => {
    expect(artworkSizeProblem(1400, 1400)).toBeNull();
    expect(artworkSizeProblem(3000, 3000)).toBeNull();
    expect(artworkSizeProblem(1400, 1401)).toBe("artworkSquare");
    expect(artworkSizeProblem(1399, 1399)).toBe("artworkSmall");
    expect(artworkSizeProblem(3001, 3001)).toBe("artworkLarge");
  });

  it("serves only names it could have stored", () => {
    expect(artworkKeyOf("show-1764000000000.png")).toBe("podcast-artwork/show-1764000000000.png");
    expect(artworkFileOf("podcast-artwork/show-1764000000000.jpg")).toBe("show-1764000000000.jpg");
    for (const file of ["show.png", "../x.png", "show-1.gif", "show-1.png/..", "other-1.png"]) expect(artworkKeyOf(file)).toBeNull();
  });
});
