import { describe, expect, it } from "vitest";
import { BACKOFF, backoffDelayMs, requestedDelayMs } from "./backoff";

describe("outbox backoff", () => {
  it("starts at 5 s and doubles after each failure, up to an hour", () => {
    const exact = (failures: number) => backoffDelayMs(failures, 0.5);
    expect([1, 2, 3, 4, 5].map(exact)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(exact(10)).toBe(2_560_000);
    expect(exact(11)).toBe(BACKOFF.maxDelayMs);
    expect(exact(1_000)).toBe(BACKOFF.maxDelayMs);
    expect(exact(0)).toBe(5_000);
  });

  it("moves each delay by at most 20 % either way, and never above the hour", () => {
    for (let failures = 1; failures <= 14; failures++) {
      const base = Math.min(BACKOFF.maxDelayMs, 5_000 * 2 ** (failures - 1));
      for (const random of [0, 0.001, 0.25, 0.5, 0.75, 0.999999]) {
        const delay = backoffDelayMs(failures, random);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.min(BACKOFF.maxDelayMs, Math.ceil(base * 1.2)));
      }
    }
    expect(backoffDelayMs(1, 0)).toBe(4_000);
    expect(backoffDelayMs(1, 0.999999)).toBe(6_000);
    expect(backoffDelayMs(12, 0)).toBe(BACKOFF.maxDelayMs * 0.8);
  });

  it("spreads delays with Math.random by default", () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelayMs(3)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(16_000);
  });

  it("keeps a requested delay between 0 and the cap", () => {
    expect(requestedDelayMs(1_000)).toBe(1_000);
    expect(requestedDelayMs(-5)).toBe(0);
    expect(requestedDelayMs(10 * 60 * 60_000)).toBe(BACKOFF.maxDelayMs);
    expect(requestedDelayMs(Number.NaN)).toBe(BACKOFF.maxDelayMs);
  });
});
