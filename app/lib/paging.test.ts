import { describe, expect, it } from "vitest";
import { pageWindow, parsePage } from "./paging";

describe("parsePage", () => {
  it("reads whole page numbers and treats a missing one as page 1", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("")).toBe(1);
    expect(parsePage("3")).toBe(3);
  });

  it("refuses anything else", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "1e3", "9999999", " 2"]) expect(parsePage(bad), bad).toBeNull();
  });
});

describe("pageWindow", () => {
  it("clamps to the pages that exist and computes the offset", () => {
    expect(pageWindow(0, 1, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageWindow(120, 2, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
    expect(pageWindow(120, 9, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
  });
});
