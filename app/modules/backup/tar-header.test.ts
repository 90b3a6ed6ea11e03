import { describe, expect, it } from "vitest";
import { BLOCK, fileHeader, padding, parseHeader, parsePaxRecords } from "./tar-header";

const at = new Date("2026-01-31T02:00:00Z");

describe("tar headers", () => {
  it("writes a ustar header a reader gives back: name, size and kind", () => {
    const header = fileHeader("files/podcast/audio/episode.mp3", 1234, at);
    expect(header.length).toBe(BLOCK);
    expect(header.subarray(257, 262).toString()).toBe("ustar");
    expect(parseHeader(header)).toEqual({ name: "files/podcast/audio/episode.mp3", size: 1234, type: "file" });
  });

  it("puts a name over 100 bytes in a pax header before the file's own", () => {
    const name = `files/${"a".repeat(120)}/${"b".repeat(120)}.mp3`;
    const blocks = fileHeader(name, 5, at);
    const pax = parseHeader(blocks.subarray(0, BLOCK))!;
    expect(pax.type).toBe("pax");
    const records = blocks.subarray(BLOCK, BLOCK + pax.size);
    expect(parsePaxRecords(records)).toEqual({ path: name });
    // Each record's length counts its own digits: "<length> path=…\n" is exactly that long.
    const record = records.toString("utf8");
    expect(Number(record.split(" ")[0])).toBe(Buffer.byteLength(record));
    const file = parseHeader(blocks.subarray(BLOCK + pax.size + padding(pax.size)))!;
    expect(file).toMatchObject({ size: 5, type: "file" });
  });

  it("reads a zero block as the end, and refuses a block whose checksum does not match", () => {
    expect(parseHeader(Buffer.alloc(BLOCK))).toBeNull();
    const damaged = fileHeader("manifest.json", 10, at);
    damaged[0] = "n".charCodeAt(0);
    expect(() => parseHeader(damaged)).toThrow("not a tar header");
  });

  it("pads every entry to whole blocks", () => {
    expect([padding(0), padding(1), padding(512), padding(513)]).toEqual([0, 511, 0, 511]);
  });
});
