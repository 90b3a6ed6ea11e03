import { describe, expect, it } from "vitest";
import { escapeXml } from "./xml";

describe("escapeXml", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });

  it("drops DEL, C1 controls, U+FFFE, U+FFFF and half a surrogate pair too", () => {
    expect(escapeXml("a\u007fb\u0085c\u009fd\ufffee\uffff\ud800f")).toBe("abcdef");
  });

  it("keeps tabs, line breaks and text outside ASCII", () => {
    expect(escapeXml("Uma\tpágina\nnova")).toBe("Uma\tpágina\nnova");
  });
});
