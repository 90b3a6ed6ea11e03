import { describe, expect, it } from "vitest";
import { echoedValues } from "./echoed-values";

describe("echoedValues", () => {
  it("cuts each field to its maximum in characters, emoji included", () => {
    const form = { name: "x".repeat(10_000), email: "a@b.c", note: "😀".repeat(50) };
    const values = echoedValues(form, { name: 80, email: 254, note: 10 });
    expect(values).toEqual({ name: "x".repeat(80), email: "a@b.c", note: "😀".repeat(10) });
  });

  it("echoes a missing field or a file as an empty string", () => {
    expect(echoedValues({ file: new Blob(["x"]) }, { file: 10, name: 10 })).toEqual({ file: "", name: "" });
  });
});
