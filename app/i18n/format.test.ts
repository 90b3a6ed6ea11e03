import { describe, expect, it } from "vitest";
import { readingMinutes } from "./format";

describe("readingMinutes", () => {
  it("counts words at 200 a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(Array(1000).fill("word").join(" "))).toBe(5);
    expect(readingMinutes(Array(1099).fill("word").join(" "))).toBe(5);
    expect(readingMinutes(Array(1100).fill("word").join(" "))).toBe(6);
  });

  it("splits words on every kind of white space, as \\s does, and never on punctuation", () => {
    const spaces = [" ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\ufeff", "  \n\n  "];
    for (const space of spaces) {
      const text = `${space}${Array(400).fill("l'État,").join(space)}${space}`;
      expect(readingMinutes(text), JSON.stringify(space)).toBe(2);
      expect(readingMinutes(text)).toBe(Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 200)));
    }
  });
});
