import { describe, expect, it } from "vitest";
import { movableClock } from "../support/clock";

describe("the test app's clock", () => {
  it("runs with real time, stands still while held, then runs on from where it stood, never going back", async () => {
    let realTime = 1_000_000;
    const clock = movableClock(() => realTime);
    realTime += 500;
    expect(clock.now().getTime()).toBe(1_000_500);
    const during = await clock.held(async () => {
      const first = clock.now().getTime();
      realTime += 60_000;
      return [first, clock.now().getTime()];
    });
    expect(during).toEqual([1_000_500, 1_000_500]);
    expect(clock.now().getTime()).toBe(1_000_500);
    realTime += 20;
    expect(clock.now().getTime()).toBe(1_000_520);
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
