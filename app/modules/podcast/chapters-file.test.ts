import { describe, expect, it } from "vitest";
import { chaptersJson, parseChapters } from "./chapters-file";

const file = (chapters: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ version: "1.2.0", chapters, ...extra });

describe("JSON chapters", () => {
  it("keeps the checked fields and drops the rest", () => {
    const reading = parseChapters(
      file([
        { startTime: 0, title: "  Welcome  ", img: "https://example.org/a.png", extra: "<script>" },
        { startTime: 65.5, endTime: 120, title: "The AfCFTA", url: "http://example.org/afcfta", toc: false },
      ]),
      300,
    );
    expect(reading).toEqual({
      ok: true,
      chapters: [
        { startTime: 0, title: "Welcome", img: "https://example.org/a.png" },
        { startTime: 65.5, endTime: 120, title: "The AfCFTA", url: "http://example.org/afcfta", toc: false },
      ],
    });
    if (reading.ok) expect(JSON.parse(chaptersJson(reading.chapters))).toEqual({ version: "1.2.0", chapters: reading.chapters });
  });

  it("refuses what is not JSON chapters", () => {
    expect(parseChapters("{not json", 60)).toEqual({ ok: false, problem: "json" });
    expect(parseChapters(JSON.stringify([{ startTime: 0, title: "A" }]), 60)).toEqual({ ok: false, problem: "shape" });
    expect(parseChapters(JSON.stringify({ chapters: [] }), 60)).toEqual({ ok: false, problem: "shape" });
    expect(parseChapters(file([]), 60)).toEqual({ ok: false, problem: "noChapters" });
    expect(parseChapters(file(Array.from({ length: 501 }, (_, index) => ({ startTime: index, title: "A" }))), 9999)).toEqual({ ok: false, problem: "tooMany" });
  });

  it("names the chapter whose time is wrong", () => {
    expect(parseChapters(file([{ startTime: "0", title: "A" }]), 60)).toEqual({ ok: false, problem: "time", chapter: 1 });
    expect(parseChapters(file([{ startTime: 0, title: "A" }, { startTime: -1, title: "B" }]), 60)).toEqual({ ok: false, problem: "time", chapter: 2 });
    expect(parseChapters(file([{ startTime: 10, title: "A" }, { startTime: 10, title: "B" }]), 60)).toEqual({ ok: false, problem: "order", chapter: 2 });
    expect(parseChapters(file([{ startTime: 0, title: "A" }, { startTime: 61, title: "B" }]), 60)).toEqual({ ok: false, problem: "beyond", chapter: 2 });
    expect(parseChapters(file([{ startTime: 5, endTime: 5, title: "A" }]), 60)).toEqual({ ok: false, problem: "time", chapter: 1 });
  });

  it("needs a title and refuses links that are not web addresses", () => {
    expect(parseChapters(file([{ startTime: 0, title: " " }]), 60)).toEqual({ ok: false, problem: "title", chapter: 1 });
    expect(parseChapters(file([{ startTime: 0 }]), 60)).toEqual({ ok: false, problem: "title", chapter: 1 });
    expect(parseChapters(file([{ startTime: 0, title: "x".repeat(301) }]), 60)).toEqual({ ok: false, problem: "titleTooLong", chapter: 1 });
    expect(parseChapters(file([{ startTime: 0, title: "A", url: "javascript:alert(1)" }]), 60)).toEqual({ ok: false, problem: "url", chapter: 1 });
    expect(parseChapters(file([{ startTime: 0, title: "A", img: "/relative.png" }]), 60)).toEqual({ ok: false, problem: "img", chapter: 1 });
  });
});
