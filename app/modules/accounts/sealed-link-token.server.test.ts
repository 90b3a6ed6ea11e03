import { describe, expect, it } from "vitest";
import { openLinkToken, sealLinkToken } from "./sealed-link-token.server";

const SECRET = "a-site-secret-of-at-least-32-characters";

describe("sealed link tokens", () => {
  it("opens with the secret it was sealed with, and holds nothing of the token in plain", () => {
    const sealed = sealLinkToken(SECRET, "the-one-time-token");
    expect(sealed).not.toContain("the-one-time-token");
    expect(sealed).not.toBe(sealLinkToken(SECRET, "the-one-time-token"));
    expect(openLinkToken(SECRET, sealed)).toBe("the-one-time-token");
  });

  it("opens to nothing with another secret, or once damaged", () => {
    const sealed = sealLinkToken(SECRET, "the-one-time-token");
    expect(openLinkToken("another-site-secret-of-32-characters!", sealed)).toBeNull();
    expect(openLinkToken(SECRET, `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openLinkToken(SECRET, "sealed.v1.")).toBeNull();
  });

  it("passes a token queued before tokens were sealed", () => {
    expect(openLinkToken(SECRET, "plain-token")).toBe("plain-token");
  });
});
