import { describe, expect, it } from "vitest";
import { encodingType, fitWithin } from "./compress-image";

describe("fitWithin (image compression: 800 × 800, proportions kept)", () => {
  it("scales the longer side down to 800 and the other in proportion", () => {
    expect(fitWithin(1600, 2400)).toEqual({ width: 533, height: 800 });
    expect(fitWithin(4000, 1000)).toEqual({ width: 800, height: 200 });
    expect(fitWithin(1000, 1000)).toEqual({ width: 800, height: 800 });
  });

  it("leaves an image that already fits as it is", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(20, 30)).toEqual({ width: 20, height: 30 });
  });

  it("never rounds a side down to nothing", () => {
    expect(fitWithin(100_000, 10)).toEqual({ width: 800, height: 1 });
  });
});

describe("encodingType (the original type)", () => {
  it("keeps JPEG as JPEG, however the system names it, and PNG as PNG", () => {
    expect(encodingType({ name: "a.jpg", type: "image/jpeg" })).toBe("image/jpeg");
    expect(encodingType({ name: "a.jpg", type: "image/jpg" })).toBe("image/jpeg");
    expect(encodingType({ name: "a.JPEG", type: "" })).toBe("image/jpeg");
    expect(encodingType({ name: "a.png", type: "image/png" })).toBe("image/png");
    expect(encodingType({ name: "a.png", type: "" })).toBe("image/png");
  });
});
