import { describe, expect, it } from "vitest";
import { assertObjectKey, InvalidObjectKeyError, isValidObjectKey, MAX_KEY_LENGTH, newObjectKey } from "./keys";

describe("object keys", () => {
  it.each(["a", "podcast/audio/3f0c9a.mp3", "covers/2026/x_y-z.v2.png", "A1/b2"])("accepts %s", (key) => {
    expect(isValidObjectKey(key)).toBe(true);
    expect(assertObjectKey(key)).toBe(key);
  });

  it.each([
    "",
    "../x",
    "a/../x",
    "..",
    ".",
    "./x",
    "/abs",
    "a/",
    "a//b",
    ".hidden",
    "a/.meta/b",
    "a\\b",
    "a b",
    "a/b?c",
    "caf\u00e9",
    "a\u0000b",
    "C:/x",
    "x".repeat(MAX_KEY_LENGTH + 1),
  ])("rejects %j", (key) => {
    expect(isValidObjectKey(key)).toBe(false);
    expect(() => assertObjectKey(key)).toThrow(InvalidObjectKeyError);
  });

  it("makes random keys under a prefix with a lowercased extension", () => {
    const first = newObjectKey("podcast/audio", ".MP3");
    const second = newObjectKey("podcast/audio", "mp3");
    expect(first).toMatch(/^podcast\/audio\/[0-9a-f-]{36}\.mp3$/);
    expect(first).not.toBe(second);
    expect(newObjectKey("raw", "")).toMatch(/^raw\/[0-9a-f-]{36}$/);
  });

  it("refuses a prefix or an extension that would make an unsafe key", () => {
    expect(() => newObjectKey("../up", "mp3")).toThrow(InvalidObjectKeyError);
    expect(() => newObjectKey("", "mp3")).toThrow(InvalidObjectKeyError);
    expect(() => newObjectKey("audio", "mp3/../../x")).toThrow(InvalidObjectKeyError);
  });
});
