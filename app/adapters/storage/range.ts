/**
 * A request's `Range` header read against an object's size (RFC 9110 §14): one byte range
 * (`bytes=0-99`, `bytes=100-`, or the last bytes `bytes=-500`) is served as 206, a range that
 * starts past the end is 416, and anything else (no header, another unit, several ranges, a
 * malformed value) is ignored, which the RFC allows, so the whole object is sent with 200.
 */
export type RangeRequest = { kind: "whole" } | { kind: "unsatisfiable" } | { kind: "partial"; start: number; end: number };

const SINGLE_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

export function parseRangeHeader(header: string | null | undefined, size: number): RangeRequest {
  const match = SINGLE_RANGE.exec((header ?? "").replace(/\s+/g, ""));
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
