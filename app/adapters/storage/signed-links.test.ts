import { describe, expect, it } from "vitest";
import { createSignedLinks } from "./signed-links.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const links = createSignedLinks(SECRET);
const now = new Date("2026-12-01T12:00:00Z");
const inAnHour = new Date(now.getTime() + 3_600_000);

const query = (url: string) => new URL(url, "http://localhost").searchParams;

describe("signed links", () => {
  it("opens the path it was made for until it expires", () => {
    const url = links.url("/files/podcast/a.mp3", inAnHour);
    expect(url).toMatch(/^\/files\/podcast\/a\.mp3\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(links.verify("/files/podcast/a.mp3", query(url), now)).toBe("valid");
    expect(links.verify("/files/podcast/a.mp3", query(url), new Date(inAnHour.getTime() - 1000))).toBe("valid");
  });

  it("says expired once the time has passed", () => {
    const url = links.url("/files/podcast/a.mp3", inAnHour);
    expect(links.verify("/files/podcast/a.mp3", query(url), inAnHour)).toBe("expired");
    expect(links.verify("/files/podcast/a.mp3", query(url), new Date(inAnHour.getTime() + 86_400_000))).toBe("expired");
  });

  it("refuses a link for file A used for file B", () => {
    const url = links.url("/files/podcast/a.mp3", inAnHour);
    expect(links.verify("/files/podcast/b.mp3", query(url), now)).toBe("invalid");
    expect(links.verify("/files/podcast/a.mp3x", query(url), now)).toBe("invalid");
  });

  it("refuses the signature with any one character changed", () => {
    const { exp, sig } = links.sign("/files/a.pdf", inAnHour);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let index = 0; index < sig.length; index++) {
      const other = alphabet[(alphabet.indexOf(sig[index]!) + 1) % alphabet.length]!;
      const flipped = sig.slice(0, index) + other + sig.slice(index + 1);
      expect(links.verify("/files/a.pdf", new URLSearchParams({ exp, sig: flipped }), now), `position ${index}`).toBe("invalid");
    }
  });

  it("refuses a later expiry than the one signed, even though the link would still be valid", () => {
    const { exp, sig } = links.sign("/files/a.pdf", inAnHour);
    expect(links.verify("/files/a.pdf", new URLSearchParams({ exp: String(Number(exp) + 3600), sig }), now)).toBe("invalid");
    // An expired link cannot be revived by changing its expiry either.
    const old = links.sign("/files/a.pdf", new Date(now.getTime() - 1000));
    expect(links.verify("/files/a.pdf", new URLSearchParams({ exp: String(Number(old.exp) + 7200), sig: old.sig }), now)).toBe("invalid");
  });

  it("refuses missing, malformed or padded parameters", () => {
    const { exp, sig } = links.sign("/files/a.pdf", inAnHour);
    const cases: Array<Record<string, string>> = [{}, { exp }, { sig }, { exp: `${exp}.0`, sig }, { exp: "-1", sig }, { exp, sig: `${sig}=` }, { exp, sig: sig.slice(1) }, { exp, sig: `${sig}A` }];
    for (const params of cases) {
      expect(links.verify("/files/a.pdf", new URLSearchParams(params), now), JSON.stringify(params)).toBe("invalid");
    }
  });

  it("refuses a link signed with another secret", () => {
    const other = createSignedLinks("another-secret-of-at-least-thirty-two-chars");
    const url = other.url("/files/a.pdf", inAnHour);
    expect(links.verify("/files/a.pdf", query(url), now)).toBe("invalid");
  });

  it("signs only paths, with a long enough secret", () => {
    expect(() => links.sign("files/a.pdf", inAnHour)).toThrow(TypeError);
    expect(() => links.sign("/files/a.pdf?x=1", inAnHour)).toThrow(TypeError);
    expect(() => createSignedLinks("short")).toThrow();
  });
});
