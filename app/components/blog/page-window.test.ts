import { describe, expect, it } from "vitest";
import { GAP, pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the first, the last and the current page's neighbours of a long list, with gaps between", () => {
    expect(pageWindow(1, 52)).toEqual([1, 2, GAP, 52]);
    expect(pageWindow(26, 52)).toEqual([1, GAP, 25, 26, 27, GAP, 52]);
    expect(pageWindow(52, 52)).toEqual([1, GAP, 51, 52]);
  });

  it("shows a page rather than a gap that would hide only it", () => {
    expect(pageWindow(4, 52)).toEqual([1, 2, 3, 4, 5, GAP, 52]);
    expect(pageWindow(49, 52)).toEqual([1, GAP, 48, 49, 50, 51, 52]);
    expect(pageWindow(1, 8)).toEqual([1, 2, GAP, 8]);
  });

  it("holds a handful of items however many pages there are", () => {
    for (const pageCount of [8, 100, 10_000]) {
      for (const page of [1, 2, 3, Math.ceil(pageCount / 2), pageCount - 1, pageCount]) {
        const window = pageWindow(page, pageCount);
        expect(window.length).toBeLessThanOrEqual(7);
        expect(window).toContain(page);
        expect(window[0]).toBe(1);
        expect(window.at(-1)).toBe(pageCount);
      }
    }
  });
});
