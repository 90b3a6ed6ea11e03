import { describe, expect, it } from "vitest";
import { foldKey, isSharedBySources, MANY_SOURCES, sourceOf, windowStart } from "./security-event-repeats";

describe("security event repeats", () => {
  it("names a source by network and account: an IPv6 /64 is one network", () => {
    expect(sourceOf({ ip: "203.0.113.9", userId: null })).toBe("203.0.113.9|");
    expect(sourceOf({ ip: "2001:db8:1:2::1", userId: "u1" })).toBe(sourceOf({ ip: "2001:db8:1:2:ffff::9", userId: "u1" }));
    expect(sourceOf({ ip: "2001:db8:1:2::1", userId: "u1" })).not.toBe(sourceOf({ ip: "2001:db8:1:2::1", userId: "u2" }));
  });

  it("gathers one hour, aligned to the UTC clock", () => {
    expect(windowStart(new Date("2026-11-24T06:59:59.999Z"))).toBe("2026-11-24T06:00:00.000Z");
    expect(windowStart(new Date("2026-11-24T07:00:00.000Z"))).toBe("2026-11-24T07:00:00.000Z");
  });

  it("keys a counted row by kind, source and window, within the column's 255 characters", () => {
    const now = new Date("2026-11-24T06:30:00.000Z");
    expect(foldKey("signed_link.invalid", "203.0.113.9|", now)).toBe("signed_link.invalid|203.0.113.9||2026-11-24T06:00:00.000Z");
    expect(foldKey("signed_link.invalid", MANY_SOURCES, now)).toBe("signed_link.invalid|*|2026-11-24T06:00:00.000Z");
    const longest = foldKey("t".repeat(300), sourceOf({ ip: "x".repeat(300), userId: "u".repeat(300) }), now);
    expect(longest.length).toBeLessThanOrEqual(255);
    expect(isSharedBySources(foldKey("signed_link.invalid", MANY_SOURCES, now))).toBe(true);
    expect(isSharedBySources(foldKey("signed_link.invalid", "203.0.113.9|", now))).toBe(false);
    expect(isSharedBySources(null)).toBe(false);
  });
});
