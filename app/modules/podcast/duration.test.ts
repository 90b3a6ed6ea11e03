import { describe, expect, it } from "vitest";
import { formatDuration, isoDuration } from "./duration";

describe("formatDuration (m:ss, seconds padded)", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59, "0:59"],
    [60, "1:00"],
    [61, "1:01"],
    [599, "9:59"],
    [2723, "45:23"],
    [4503, "75:03"],
    [12.6, "0:13"],
  ])("%s s is %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([-3, Number.NaN, Number.POSITIVE_INFINITY])("reads %s as 0:00", (seconds) => {
    expect(formatDuration(seconds)).toBe("0:00");
  });
});

describe("isoDuration", () => {
  it.each([
    [0, "PT0S"],
    [7, "PT7S"],
    [60, "PT1M"],
    [2723, "PT45M23S"],
    [3723, "PT1H2M3S"],
  ])("%s s is %s", (seconds, text) => {
    expect(isoDuration(seconds)).toBe(text);
  });
});
