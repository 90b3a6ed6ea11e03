import { describe, expect, it } from "vitest";
import { accepts, checkDrop } from "./file-drop";

const file = (name: string, type = "", size = 100) => ({ name, type, size });

describe("file-drop acceptance", () => {
  it("accepts by extension with a leading dot, case-insensitively", () => {
    expect(accepts([".mp3"], file("Show.MP3"))).toBe(true);
    expect(accepts([".mp3"], file("show.mp3.exe"))).toBe(false);
  });

  it("accepts by wildcard type prefix and by exact type", () => {
    expect(accepts(["audio/*"], file("a.bin", "audio/x-m4a"))).toBe(true);
    expect(accepts(["audio/*"], file("a.png", "image/png"))).toBe(false);
    expect(accepts(["audio/mpeg"], file("a", "audio/mpeg"))).toBe(true);
    expect(accepts(["audio/mpeg"], file("a", "audio/wav"))).toBe(false);
  });

  it("accepts everything when the list is empty", () => {
    expect(accepts([], file("anything.xyz", "application/x-whatever"))).toBe(true);
  });

  it("drops .DS_Store and Thumbs.db without calling them a rejection", () => {
    const result = checkDrop([file(".DS_Store"), file("Thumbs.db"), file("ep.mp3", "audio/mpeg")], { accept: [".mp3"], maxFiles: 1 });
    expect(result).toEqual({ accepted: [file("ep.mp3", "audio/mpeg")], rejection: null });
  });

  it("gives the four rejections", () => {
    const rules = { accept: [".mp3", "audio/wav"], maxSize: 1000, minSize: 10, maxFiles: 1 };
    expect(checkDrop([file("a.png", "image/png")], rules).rejection).toEqual({ code: "type", accept: ".mp3, audio/wav" });
    expect(checkDrop([file("a.mp3", "", 1001)], rules).rejection).toEqual({ code: "tooLarge", bytes: 1000 });
    expect(checkDrop([file("a.mp3", "", 9)], rules).rejection).toEqual({ code: "tooSmall", bytes: 10 });
    expect(checkDrop([file("a.mp3"), file("b.mp3")], rules).rejection).toEqual({ code: "tooMany", max: 1 });
  });
});
