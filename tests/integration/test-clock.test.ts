import { describe, expect, it } from "vitest";
import { movableClock } from "../support/clock";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the test app's clock", () => {
  it("stands still while held, then runs on from where it stood, never going back", async () => {
    const clock = movableClock();
    const before = clock.now().getTime();
    const during = await clock.held(async () => {
      const first = clock.now().getTime();
      await pause(60);
      return [first, clock.now().getTime()];
    });
    expect(during[1]).toBe(during[0]);
    expect(during[0]).toBeGreaterThanOrEqual(before);
    const after = clock.now().getTime();
    expect(after).toBeGreaterThanOrEqual(during[1]!);
    expect(after - during[1]!).toBeLessThan(50);
  });

  it("moves forward while held when asked, and refuses to go back or to be held twice", async () => {
    const clock = movableClock();
    await clock.held(async () => {
      const first = clock.now().getTime();
      clock.advance(10_000);
      expect(clock.now().getTime()).toBe(first + 10_000);
      await expect(clock.held(async () => 1)).rejects.toThrow("already held");
    });
    expect(() => clock.advance(-1)).toThrow("only moves forward");
  });
});
