import { describe, expect, it } from "vitest";
import { cueText, plainTextOf } from "./cue-text";

describe("cue text", () => {
  it("keeps the voice as the speaker and drops markup", () => {
    expect(cueText(["<v.loud Kwame &amp; Ama>Hello", "<c.yellow>there</c> <00:01.500>&#233;&#x00e9; &lt;3"])).toEqual({ speaker: "Kwame & Ama", text: "Hello there éé <3" });
    expect(cueText(["{\\an8}<font color=\"red\">Top</font>"])).toEqual({ text: "Top" });
  });

  it("writes plain text with the speaker named when the voice changes", () => {
    const cues = [
      { speaker: "Ama", text: "One." },
      { speaker: "Ama", text: "Two." },
      { text: "" },
      { speaker: "Kofi", text: "Three." },
    ];
    expect(plainTextOf(cues)).toBe("Ama: One.\nTwo.\nKofi: Three.");
  });
});
