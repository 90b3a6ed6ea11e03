import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists and emphasis", () => {
    const html = renderMarkdown("## Trade\n\n- one\n- **two**");
    expect(html).toContain("<h2>Trade</h2>");
    expect(html).toContain("<li><strong>two</strong></li>");
  });

  it("shows raw HTML as text and drops dangerous link targets", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain('href="javascript:');
  });
});
