import { describe, expect, it } from "vitest";
import { webUrlOrNull } from "./web-url";

describe("webUrlOrNull", () => {
  it("keeps absolute http and https links", () => {
    expect(webUrlOrNull("https://open.spotify.com/show/abc")).toBe("https://open.spotify.com/show/abc");
    expect(webUrlOrNull("  http://example.org/feed ")).toBe("http://example.org/feed");
  });

  it("reads empty, relative and other schemes as unset", () => {
    expect(webUrlOrNull("")).toBeNull();
    expect(webUrlOrNull(null)).toBeNull();
    expect(webUrlOrNull("/podcast")).toBeNull();
    expect(webUrlOrNull("javascript:alert(1)")).toBeNull();
    expect(webUrlOrNull("data:text/html,hi")).toBeNull();
  });
});
