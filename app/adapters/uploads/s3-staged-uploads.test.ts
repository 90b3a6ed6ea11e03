import { describe, expect, it } from "vitest";
import { covered } from "./s3-staged-uploads.server";

const piece = (start: number, end: number) => ({ key: `${start}-${end}`, start, end });

describe("the bytes a staged upload's pieces cover", () => {
  it("counts from 0 to the first gap, overlaps included once", () => {
    expect(covered([])).toBe(0);
    expect(covered([piece(0, 10), piece(10, 25)])).toBe(25);
    expect(covered([piece(0, 10), piece(5, 20), piece(8, 12)])).toBe(20);
    expect(covered([piece(0, 10), piece(11, 20)])).toBe(10);
    expect(covered([piece(3, 10)])).toBe(0);
  });
});
