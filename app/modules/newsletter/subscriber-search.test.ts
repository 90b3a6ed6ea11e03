import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { containsPattern, prefixEnd, searchKey, searchPlan, subscriberSearch, subscriberSearchSchema, trigramQuery, typedSearch } from "./subscriber-search";

describe("searchKey", () => {
  it("lower-cases, removes accents and collapses spaces", () => {
    expect(searchKey("  Élodie  ")).toBe("elodie");
    expect(searchKey("JOÃO")).toBe("joao");
    expect(searchKey("Adébáyọ̀")).toBe("adebayo");
    expect(searchKey("Mary   Ann")).toBe("mary ann");
    expect(searchKey("N'Diaye")).toBe("n'diaye");
  });

  it("is null for nothing, and idempotent", () => {
    expect(searchKey(null)).toBeNull();
    expect(searchKey("   ")).toBeNull();
    for (const name of ["Élodie", "Ñandú", "Œuvre", "ﬁona"]) expect(searchKey(searchKey(name))).toBe(searchKey(name));
  });
});

describe("prefixEnd", () => {
  it("is the prefix with its last character moved one up", () => {
    expect(prefixEnd("ama")).toBe("amb");
    expect(prefixEnd("a@")).toBe("aA");
    expect(prefixEnd("zé")).toBe("zê");
  });

  it("steps over the surrogate range and past the last code point", () => {
    expect(prefixEnd("a\u{d7ff}")).toBe("a\u{e000}");
    expect(prefixEnd("ab\u{10ffff}")).toBe("ac");
    expect(prefixEnd("\u{10ffff}")).toBeNull();
    expect(prefixEnd("a😀")).toBe("a😁");
  });

  it("bounds exactly the strings that start with the prefix, in code-point order", () => {
    const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const words = ["am", "ama", "amaz", "ama😀", "amb", "amá", "al", "ama\u{10ffff}"];
    const end = prefixEnd("ama")!;
    const inRange = words.filter((word) => byCodePoint(word, "ama") >= 0 && byCodePoint(word, end) < 0);
    expect(inRange.sort()).toEqual(words.filter((word) => word.startsWith("ama")).sort());
  });
});

describe("searchPlan", () => {
  it("looks for the email as typed (lower-cased) and the names folded", () => {
    expect(searchPlan("  Élo ")).toEqual([
      [{ column: "email", from: "élo", to: "élp" }],
      [{ column: "first_name_key", from: "elo", to: "elp" }],
      [{ column: "last_name_key", from: "elo", to: "elp" }],
    ]);
  });

  it("also splits several words into a first and a last name", () => {
    const plan = searchPlan("Ada Obi");
    expect(plan).toHaveLength(4);
    expect(plan[3]).toEqual([
      { column: "first_name_key", from: "ada", to: "adb" },
      { column: "last_name_key", from: "obi", to: "obj" },
    ]);
    expect(searchPlan("jean baptiste da costa")).toHaveLength(6);
  });

  it("is empty without a search", () => {
    expect(searchPlan("")).toEqual([]);
    expect(searchPlan("   ")).toEqual([]);
  });
});

describe("subscriberSearch", () => {
  it("looks for three characters or more anywhere, folded, and lower-cased when that differs", () => {
    expect(subscriberSearch("  Example.ORG ")).toEqual({ kind: "anywhere", texts: ["example.org"] });
    expect(subscriberSearch("José")).toEqual({ kind: "anywhere", texts: ["jose", "josé"] });
    expect(subscriberSearch("ada   obi")).toEqual({ kind: "anywhere", texts: ["ada obi"] });
    expect(subscriberSearch("ex\0ample")).toEqual({ kind: "anywhere", texts: ["example"] });
  });

  it("falls back to the prefix search under three characters, counting characters rather than bytes", () => {
    expect(subscriberSearch("Jo")).toEqual({ kind: "prefix", plan: searchPlan("Jo") });
    expect(subscriberSearch("é")).toEqual({ kind: "prefix", plan: searchPlan("é") });
    expect(subscriberSearch("éèê").kind).toBe("anywhere");
    expect(subscriberSearch("a😀b").kind).toBe("anywhere");
  });

  it("is the whole list without a search", () => {
    expect(subscriberSearch("")).toEqual({ kind: "all" });
    expect(subscriberSearch("  ")).toEqual({ kind: "all" });
  });
});

describe("containsPattern", () => {
  it("wraps the text in % and escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern("example.org")).toBe("%example.org%");
    expect(containsPattern("100%_off")).toBe("%100\\%\\_off%");
    expect(containsPattern("a\\b")).toBe("%a\\\\b%");
  });
});

describe("trigramQuery", () => {
  it("quotes each text as a phrase, doubling its quotes, joined by OR", () => {
    expect(trigramQuery(["example.org"])).toBe('"example.org"');
    expect(trigramQuery(["jose", "josé"])).toBe('"jose" OR "josé"');
    expect(trigramQuery(['say "hi" * OR near'])).toBe('"say ""hi"" * OR near"');
  });
});

describe("subscriberSearchSchema", () => {
  const parse = (query: string) => parseInput(subscriberSearchSchema, new URLSearchParams(query));

  it("trims the text and reads the page", () => {
    expect(parse("q=%20ama%20%20m%20&page=3")).toEqual({ ok: true, value: { q: "ama m", page: 3 } });
    expect(parse("")).toEqual({ ok: true, value: { q: "", page: 1 } });
  });

  it("refuses a text over 254 characters or a bad page", () => {
    expect(parse(`q=${"a".repeat(255)}`)).toEqual({ ok: false, errors: { q: "tooLong" } });
    expect(typedSearch(new URLSearchParams(`q=${"a".repeat(255)}`))).toHaveLength(254);
    expect(parse("page=0")).toEqual({ ok: false, errors: { page: "invalidPage" } });
    expect(parse("page=two")).toEqual({ ok: false, errors: { page: "invalidPage" } });
  });
});
