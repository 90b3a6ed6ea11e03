import { describe, expect, it } from "vitest";
import { dailySeries, reportWindow, windowDays } from "./listen-days";

describe("reportWindow", () => {
  it("ends today (UTC) and holds exactly the number of days asked for", () => {
    const window = reportWindow(new Date("2026-03-02T23:59:59Z"), 30);
    expect(window).toEqual({ from: "2026-02-01", to: "2026-03-02", days: 30 });
    expect(windowDays(window)).toHaveLength(30);
    expect(windowDays(window).at(-1)).toBe("2026-03-02");
    expect(windowDays(reportWindow(new Date("2026-03-02T00:00:00Z"), 90))[0]).toBe("2025-12-03");
  });

  it("crosses a leap day and a year's end", () => {
    expect(windowDays(reportWindow(new Date("2024-03-01T12:00:00Z"), 3))).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(windowDays(reportWindow(new Date("2026-01-01T00:30:00Z"), 2))).toEqual(["2025-12-31", "2026-01-01"]);
  });
});

describe("dailySeries", () => {
  const window = reportWindow(new Date("2026-05-10T08:00:00Z"), 5);

  it("gives every day a count, 0 for the days without listens", () => {
    expect(dailySeries([{ day: "2026-05-08", listens: 4 }], window)).toEqual([
      { day: "2026-05-06", listens: 0 },
      { day: "2026-05-07", listens: 0 },
      { day: "2026-05-08", listens: 4 },
      { day: "2026-05-09", listens: 0 },
      { day: "2026-05-10", listens: 0 },
    ]);
  });

  it("is all zeros when nobody listened", () => {
    expect(dailySeries([], window).map((day) => day.listens)).toEqual([0, 0, 0, 0, 0]);
  });

  it("adds up the rows of one day (several episodes or apps) and leaves out days outside the window", () => {
    const rows = [
      { day: "2026-05-10", listens: 2 },
      { day: "2026-05-10", listens: 3 },
      { day: "2026-05-05", listens: 7 },
      { day: "2026-05-11", listens: 9 },
    ];
    expect(dailySeries(rows, window).map((day) => day.listens)).toEqual([0, 0, 0, 0, 5]);
  });
});
