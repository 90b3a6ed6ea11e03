import { describe, expect, it } from "vitest";
import { mailtoHref } from "./mailto";

describe("mailtoHref", () => {
  it("links a plain address as it is", () => {
    expect(mailtoHref("ama@example.org")).toBe("mailto:ama@example.org");
  });

  it.each(["reply?bcc=spy@evil.example", "a&cc=spy@evil.example", "x?subject=hi&body=click%20here@evil.example", "one,two@example.org"])(
    "keeps every character of %s inside the one recipient",
    (address) => {
      const href = mailtoHref(address);
      const url = new URL(href);
      expect(url.search).toBe("");
      expect(href.slice("mailto:".length)).not.toMatch(/[?&,]/);
      expect(decodeURIComponent(url.pathname)).toBe(address);
    },
  );
});
