import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HoverIntent } from "./hover-intent";
import { SUBMENU_CLOSE_GRACE_MS, SUBMENU_OPEN_DELAY_MS } from "./ui-constants";

describe("HoverIntent (submenu open delay and close grace)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses the 100 ms open delay and 300 ms grace", () => {
    expect(SUBMENU_OPEN_DELAY_MS).toBe(100);
    expect(SUBMENU_CLOSE_GRACE_MS).toBe(300);
  });

  it("opens only after the pointer rests for the open delay", () => {
    const setOpen = vi.fn();
    const intent = new HoverIntent(setOpen);
    intent.enter();
    vi.advanceTimersByTime(SUBMENU_OPEN_DELAY_MS - 1);
    expect(setOpen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setOpen).toHaveBeenCalledWith(true);
  });

  it("does not open when the pointer passes through quickly", () => {
    const setOpen = vi.fn();
    const intent = new HoverIntent(setOpen);
    intent.enter();
    vi.advanceTimersByTime(50);
    intent.leave();
    vi.advanceTimersByTime(SUBMENU_CLOSE_GRACE_MS);
    expect(setOpen.mock.calls).toEqual([[false]]);
  });

  it("stays open while the pointer comes back within the grace period", () => {
    const setOpen = vi.fn();
    const intent = new HoverIntent(setOpen);
    intent.enter();
    vi.advanceTimersByTime(SUBMENU_OPEN_DELAY_MS);
    intent.leave();
    vi.advanceTimersByTime(SUBMENU_CLOSE_GRACE_MS - 10);
    intent.enter();
    vi.advanceTimersByTime(1000);
    expect(setOpen.mock.calls).toEqual([[true], [true]]);
  });
});
