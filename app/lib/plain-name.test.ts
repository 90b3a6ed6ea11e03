import { describe, expect, it } from "vitest";
import { plainName } from "./plain-name";

describe("plainName", () => {
  it("turns line breaks, tabs, NUL, DEL and C1 controls into single spaces", () => {
    expect(plainName(" Ada\r\nLovelace\t\u0000x\u007fy\u0085z ")).toBe("Ada Lovelace x y z");
  });

  it("removes the marks that make text run backwards", () => {
    expect(plainName("Ada\u202egpj.exe")).toBe("Ada gpj.exe");
    expect(plainName("\u2066Ada\u2069")).toBe("Ada");
  });

  it("keeps letters of every script and emoji", () => {
    expect(plainName("José Ñúñez 李 👋")).toBe("José Ñúñez 李 👋");
  });
});
