import { describe, expect, it } from "vitest";
import { cleanLine, cleanText, xmlSafe } from "./clean-text";

/** Every C0 control character but tab, newline and carriage return, DEL, and every C1 control but NEL. */
const REMOVED = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter((control) => !"\t\n\u000b\u000c\r".includes(control)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)).filter((control) => control !== "\u0085"),
  "\ufffe",
  "\uffff",
];

describe("xmlSafe", () => {
  it("drops every character XML 1.0 forbids or only tolerates, and keeps tab and line ends", () => {
    for (const character of [...REMOVED, "\u000b", "\u000c", "\u0085"]) expect(xmlSafe(`a${character}b`), JSON.stringify(character)).toBe("ab");
    expect(xmlSafe("a\tb\nc\r\nd")).toBe("a\tb\nc\r\nd");
  });

  it("drops half of a surrogate pair and keeps whole pairs", () => {
    expect(xmlSafe("a\ud800b\udc00c\udbff")).toBe("abc");
    expect(xmlSafe("emoji 👋 and 𝄞")).toBe("emoji 👋 and 𝄞");
  });

  it("keeps every script, the no-break space, and the characters around the removed ranges", () => {
    const kept = "José Ñúñez 李 ❤ \u00a0\u00a0 \u00a1 \ufffd \u200b \u{1f600} \u{10fffd}";
    expect(xmlSafe(kept)).toBe(kept);
  });
});

describe("cleanText (several lines)", () => {
  it("keeps tabs and newlines, turns every other line end into a newline, and removes other control characters", () => {
    expect(cleanText("one\r\ntwo\rthree\u000bfour\u000cfive\u0085six\u2028seven\u2029eight")).toBe("one\ntwo\nthree\nfour\nfive\nsix\nseven\neight");
    expect(cleanText("a\tb\n\nc")).toBe("a\tb\n\nc");
    for (const character of REMOVED) expect(cleanText(`a${character}b`), JSON.stringify(character)).toBe("ab");
  });

  it("is the same text when cleaned twice, and untouched when clean", () => {
    const messy = "Hi\u0001 there\r\n\u000b\tline\u0085";
    expect(cleanText(cleanText(messy))).toBe(cleanText(messy));
    expect(cleanText("Plain text, with a line\nand a tab\t.")).toBe("Plain text, with a line\nand a tab\t.");
  });
});

describe("cleanLine (one line)", () => {
  it("turns a tab or a run of line ends into one space, so the words stay apart", () => {
    expect(cleanLine("Soft\u000bbreak")).toBe("Soft break");
    expect(cleanLine("one\r\ntwo\tthree\u0085four\u2028five")).toBe("one two three four five");
  });

  it("removes the other control characters and leaves trimming to the field", () => {
    for (const character of REMOVED) expect(cleanLine(`a${character}b`), JSON.stringify(character)).toBe("ab");
    expect(cleanLine(" \u0001 Title \n")).toBe("  Title  ");
  });
});
