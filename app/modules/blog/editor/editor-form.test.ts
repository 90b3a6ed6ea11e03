import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { articleEditSchema, scheduledInstant } from "./editor-form";

const fields = { id: "", language: "en", title: " A title ", excerpt: "An excerpt", body: "Body\r\ntext", category: "diplomacy", tags: ["global-south", "global-south"], intent: "save" };

describe("the editor's form", () => {
  it("reads a save: trimmed text, one line ending, each tag once, the slug lower-cased", () => {
    const read = parseInput(articleEditSchema, { ...fields, slug: "My-Slug" });
    expect(read).toMatchObject({ ok: true, value: { title: "A title", body: "Body\ntext", tags: ["global-south"], slug: "my-slug", featured: false } });
  });

  it("names each problem by its field", () => {
    expect(parseInput(articleEditSchema, { ...fields, title: "", category: "astrology", slug: "no spaces", tags: ["unknown"] })).toEqual({
      ok: false,
      errors: { title: "required", slug: "slugInvalid", category: "categoryRequired", tags: "tagUnknown" },
    });
    expect(parseInput(articleEditSchema, { ...fields, intent: "schedule", publishAt: "tomorrow" })).toMatchObject({ ok: false, errors: { publishAt: "dateInvalid" } });
    expect(parseInput(articleEditSchema, { intent: "delete", id: "x" })).toMatchObject({ ok: false, errors: { confirm: "confirmDelete" } });
    expect(parseInput(articleEditSchema, { intent: "launch" })).toMatchObject({ ok: false });
  });

  it("reads a scheduled time in the owner's own time zone", () => {
    // Paris in winter is one hour ahead of UTC: getTimezoneOffset() gives -60.
    expect(scheduledInstant("2030-01-15T09:30", -60)?.toISOString()).toBe("2030-01-15T08:30:00.000Z");
    expect(scheduledInstant("2030-01-15T09:30", 300)?.toISOString()).toBe("2030-01-15T14:30:00.000Z");
    expect(scheduledInstant("2030-02-31T09:30", 0)).toBeNull();
  });
});
