import { describe, expect, it } from "vitest";
import { keptResults } from "./kept-results";

describe("keptResults", () => {
  it("computes a key once while it is kept, and forgets the oldest past its limit", () => {
    const computed: string[] = [];
    const upper = keptResults(2, (key) => {
      computed.push(key);
      return key.toUpperCase();
    });
    expect([upper("a"), upper("b"), upper("a")]).toEqual(["A", "B", "A"]);
    expect(computed).toEqual(["a", "b"]);
    upper("c");
    expect(upper("a")).toBe("A");
    expect(computed).toEqual(["a", "b", "c", "a"]);
  });
});
