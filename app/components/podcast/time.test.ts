import { describe, expect, it } from "vitest";
import { wholeSeconds } from "./time";

describe("wholeSeconds", () => {
  it("floors a media time and reads unknown times as 0", () => {
    expect(wholeSeconds(65.9)).toBe(65);
    expect(wholeSeconds(0)).toBe(0);
    expect(wholeSeconds(Number.NaN)).toBe(0);
    expect(wholeSeconds(Number.POSITIVE_INFINITY)).toBe(0);
    expect(wholeSeconds(-3)).toBe(0);
  });
});
