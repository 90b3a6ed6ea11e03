import { describe, expect, it } from "vitest";
import { summaryLines, type FileResult } from "../support/summary-reporter";

const file = (name: string, seconds: number, counts: Partial<FileResult> = {}): FileResult => ({
  file: `tests/integration/${name}.test.ts`,
  project: "integration",
  milliseconds: seconds * 1000,
  passed: 1,
  failed: 0,
  skipped: 0,
  ...counts,
});

describe("the end of npm test's output", () => {
  it("lists every file's duration, then the ten slowest files, slowest first", () => {
    const files = Array.from({ length: 12 }, (_, index) => file(`f${String(index).padStart(2, "0")}`, index + 1));
    const lines = summaryLines(files);
    for (const result of files) expect(lines.filter((line) => line.endsWith(result.file)).length).toBeGreaterThanOrEqual(1);
    const heading = lines.indexOf("The 10 slowest test files:");
    const slowest = lines.slice(heading + 1, heading + 11);
    expect(slowest.map((line) => /f\d\d/.exec(line)?.[0])).toEqual(["f11", "f10", "f09", "f08", "f07", "f06", "f05", "f04", "f03", "f02"]);
    expect(slowest[0]).toContain("12.0 s");
    expect(lines[heading + 11]).toBe("");
  });

  it("keeps the plain 'tests: N passed, N failed' line last, where CI reads it", () => {
    const lines = summaryLines([file("a", 2, { passed: 3, failed: 1 }), file("b", 1, { passed: 2, skipped: 4 })]);
    expect(lines.at(-1)).toBe("tests: 5 passed, 1 failed, 4 skipped");
    expect(summaryLines([file("a", 2, { passed: 3 })]).at(-1)).toBe("tests: 3 passed, 0 failed");
  });

  it("names each failed test with its first error line, just before the last line", () => {
    const failing = file("b", 1, { passed: 2, failed: 1, failures: ["a burst > refuses past the limit: expected 3 to be 5"] });
    const lines = summaryLines([file("a", 2), failing]);
    expect(lines.slice(-4)).toEqual([
      "Failed:",
      "  tests/integration/b.test.ts > a burst > refuses past the limit: expected 3 to be 5",
      "",
      "tests: 3 passed, 1 failed",
    ]);
    expect(summaryLines([file("a", 2)])).not.toContain("Failed:");
  });
});
