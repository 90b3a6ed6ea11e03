import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipAround, gzipAroundSync } from "./page-gzip";

const STYLESHEET = Buffer.from(`<style>${Array.from({ length: 400 }, (_, index) => `.c${index}{margin:${index}px;color:#${(index * 4099).toString(16).padStart(6, "0").slice(0, 6)}}`).join("")}</style>`);

function page(before: string, after: string): { bytes: Buffer; at: number } {
  const head = Buffer.from(before);
  return { bytes: Buffer.concat([head, STYLESHEET, Buffer.from(after)]), at: head.length };
}

describe("a page gzipped around the stylesheet every page holds", () => {
  const pages = {
    "an article": page(`<!DOCTYPE html><html lang="pt"><head><title>Diáspora</title>`, `</head><body>${"<p>Comércio justo, política externa 🌍</p>".repeat(300)}</body></html>`),
    "the stylesheet first": page("", "</head><body>Olá</body></html>"),
    "the stylesheet last": page("<html><head>", ""),
  };

  for (const [name, { bytes, at }] of Object.entries(pages)) {
    it(`makes one gzip member any client reads back as the page: ${name}`, async () => {
      const sync = gzipAroundSync(bytes, { at, bytes: STYLESHEET }, 3)!;
      expect(gunzipSync(sync).equals(bytes)).toBe(true);
      // One member: its trailer gives the whole page's length (a second member would give its own).
      expect(sync.readUInt32LE(sync.length - 4)).toBe(bytes.length);
      expect((await gzipAround(bytes, { at, bytes: STYLESHEET }, 3))!.equals(sync)).toBe(true);
    });
  }

  it("is smaller than the whole page gzipped at the same level: the stylesheet went at the best", () => {
    const { bytes, at } = pages["an article"];
    expect(gzipAroundSync(bytes, { at, bytes: STYLESHEET }, 3)!.length).toBeLessThan(gzipSync(bytes, { level: 3 }).length);
  });

  it("declines a page whose stylesheet is not where it says, rather than send a wrong one", async () => {
    const { bytes, at } = pages["an article"];
    for (const wrong of [at + 1, -1, bytes.length]) {
      expect(gzipAroundSync(bytes, { at: wrong, bytes: STYLESHEET }, 3)).toBeUndefined();
      expect(await gzipAround(bytes, { at: wrong, bytes: STYLESHEET }, 3)).toBeUndefined();
    }
  });
});
