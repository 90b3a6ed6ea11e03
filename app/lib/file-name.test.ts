import { describe, expect, it } from "vitest";
import { hasDangerousName, MAX_FILE_NAME_LENGTH, safeFileName } from "./file-name";

describe("safeFileName", () => {
  it("keeps letters, digits, dot, underscore and hyphen", () => {
    expect(safeFileName("Episode_01-final.mp3")).toBe("Episode_01-final.mp3");
  });

  it("turns other characters into one underscore each run", () => {
    expect(safeFileName("my  épisode (final)!!.mp3")).toBe("my_pisode_final_.mp3");
  });

  it("keeps only the last path segment, so ../ cannot climb", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("..\\..\\boot.ini")).toBe("boot.ini");
    expect(safeFileName("..")).toBe("");
    expect(safeFileName(".hidden.mp3")).toBe("hidden.mp3");
  });

  it("cuts to 255 characters", () => {
    expect(safeFileName(`${"a".repeat(400)}.mp3`)).toHaveLength(MAX_FILE_NAME_LENGTH);
  });
});

describe("hasDangerousName", () => {
  it("refuses names containing an executable or script extension anywhere", () => {
    for (const name of ["cover.png.exe", "run.BAT", "a.cmd", "x.com.pdf", "y.pif", "z.scr", "v.vbs", "app.js", "book.js.pdf"]) expect(hasDangerousName(name), name).toBe(true);
  });

  it("accepts ordinary documents and media", () => {
    for (const name of ["book.pdf", "cover.png", "trailer.mp4", "episode.mp3", "json-notes.pdf"]) expect(hasDangerousName(name), name).toBe(false);
  });
});
