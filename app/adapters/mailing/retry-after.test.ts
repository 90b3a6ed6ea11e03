import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const NOW = new Date("2026-11-21T12:00:00.000Z");

describe("Retry-After", () => {
  it("reads seconds", () => {
    expect(parseRetryAfter("1", NOW)).toBe(1_000);
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
    expect(parseRetryAfter("0", NOW)).toBe(0);
  });

  it("reads HTTP dates in their three forms, a past date as no wait", () => {
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Saturday, 21-Nov-26 12:01:00 GMT", NOW)).toBe(60_000);
    expect(parseRetryAfter("Sat Nov 21 12:00:05 2026", NOW)).toBe(5_000);
    expect(parseRetryAfter("Fri, 20 Nov 2026 12:00:00 GMT", NOW)).toBe(0);
  });

  it("ignores what is absent or unreadable", () => {
    for (const value of [null, undefined, "", "soon", "-1", "1.5", "2026-11-21T12:00:30Z", "Sat, 99 Nov 2026 99:00:00 GMT"]) {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    }
  });
});
