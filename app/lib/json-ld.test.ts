import { describe, expect, it } from "vitest";
import { jsonLd } from "./json-ld";

describe("jsonLd", () => {
  it("drops control characters and half surrogate pairs from every string, however deep", () => {
    const text = jsonLd({ headline: "Trade\u000bnetworks\u0001", graph: [{ name: "A\ud800B\u0085" }], position: 1 });
    expect(JSON.parse(text)).toEqual({ headline: "Tradenetworks", graph: [{ name: "AB" }], position: 1 });
    expect(text).not.toMatch(/\\u00(0|1|8)|\\ud800/);
  });

  it("escapes < so a string cannot close the script block", () => {
    expect(jsonLd({ name: "</script><script>alert(1)</script>" })).not.toContain("<");
  });
});
