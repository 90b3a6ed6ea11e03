import { describe, expect, it } from "vitest";
import { parseRangeHeader } from "./range";

describe("parseRangeHeader", () => {
  const size = 1000;
  it.each([
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=500-", { kind: "partial", start: 500, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=990-2000", { kind: "partial", start: 990, end: 999 }],
    ["bytes=999-999", { kind: "partial", start: 999, end: 999 }],
    [" bytes = 1 - 2 ", { kind: "partial", start: 1, end: 2 }],
  ])("%s → a partial answer", (header, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });

  it.each(["bytes=1000-", "bytes=1000-1001", "bytes=-0"])("%s → 416", (header) => {
    expect(parseRangeHeader(header, size)).toEqual({ kind: "unsatisfiable" });
  });

  it.each([null, "", "bytes=", "bytes=-", "items=0-1", "bytes=5-1", "bytes=0-1,5-6", "bytes=a-b", "bytes=0-1x", `bytes=${"9".repeat(20)}-`])(
    "%j → the whole object",
    (header) => {
      expect(parseRangeHeader(header, size)).toEqual({ kind: "whole" });
    },
  );

  it("has no range to serve in an empty object", () => {
    expect(parseRangeHeader("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRangeHeader("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRangeHeader(null, 0)).toEqual({ kind: "whole" });
  });
});
