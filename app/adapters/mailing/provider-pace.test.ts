import { describe, expect, it } from "vitest";
import { createPace } from "./provider-pace";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const headers = (entries: Record<string, string>) => new Headers(entries);

describe("the provider's pace, read from its answers", () => {
  it("keeps the requests left, and holds every request until a 429's Retry-After", () => {
    const pace = createPace();
    pace.observe(200, headers({ "X-RateLimit-Limit": "120", "X-RateLimit-Remaining": "7" }), "{}", NOW);
    expect([pace.remaining, pace.readyAt]).toEqual([7, 0]);
    expect(pace.observe(429, headers({ "X-RateLimit-Remaining": "0", "Retry-After": "42" }), '{"message":"Too Many Attempts."}', NOW)).toBe(42_000);
    expect([pace.remaining, pace.readyAt, pace.importReadyAt]).toEqual([0, NOW.getTime() + 42_000, 0]);
  });

  it("holds only imports after the import limit's 429, and a minute when no wait is named", () => {
    const pace = createPace();
    pace.observe(429, headers({}), `{"message":"You're being rate limited on import creation."}`, NOW);
    expect([pace.readyAt, pace.importReadyAt]).toEqual([0, NOW.getTime() + 60_000]);
  });

  it("waits for the window's end when no request is left and the answer names it", () => {
    const pace = createPace();
    pace.observe(200, headers({ "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(NOW.getTime() / 1000 + 30) }), "{}", NOW);
    expect(pace.readyAt).toBe(NOW.getTime() + 30_000);
  });
});
