import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { checkboxField, lineField, listField, parseInput, secretField, textField, trimmedField } from "./form-input";
import { Refusal, answerRefusals, refused } from "./refusal";

const schema = z.object({
  name: trimmedField().pipe(z.string().min(1, "nameRequired").max(5, "nameTooLong")),
  note: textField(),
  terms: checkboxField().refine(Boolean, "termsRequired"),
  tags: listField(),
});

function form(entries: [string, string | Blob][]) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("parseInput", () => {
  it("reads form data into typed values: trimmed text, a checkbox, a repeated field as a list", () => {
    const parsed = parseInput(schema, form([["name", "  Ada "], ["note", " kept "], ["terms", "on"], ["tags", "a"], ["tags", "b"]]));
    expect(parsed).toEqual({ ok: true, value: { name: "Ada", note: " kept ", terms: true, tags: ["a", "b"] } });
  });

  it("gives the first problem of each field, by field name", () => {
    const parsed = parseInput(schema, form([["name", "far too long"]]));
    expect(parsed).toEqual({ ok: false, errors: { name: "nameTooLong", terms: "termsRequired" } });
    expect(parseInput(schema, form([["name", "   "], ["terms", "on"]]))).toEqual({ ok: false, errors: { name: "nameRequired" } });
  });

  it("reads a missing field, a file or a field sent twice as empty text, never as an exception", () => {
    const parsed = parseInput(schema, form([["name", new Blob(["x"])], ["note", "a"], ["note", "b"], ["terms", "on"]]));
    expect(parsed).toEqual({ ok: false, errors: { name: "nameRequired" } });
    expect(parseInput(z.object({ note: textField() }), new URLSearchParams("note=a&note=b"))).toEqual({ ok: true, value: { note: "" } });
    expect(parseInput(z.object({ note: textField() }), {})).toEqual({ ok: true, value: { note: "" } });
  });

  it("puts problems of the whole object under 'form'", () => {
    const pair = z.object({ a: textField(), b: textField() }).refine((value) => value.a === value.b, "mismatch");
    expect(parseInput(pair, { a: "1", b: "2" })).toEqual({ ok: false, errors: { form: "mismatch" } });
  });
});

describe("the text fields clean what they read", () => {
  const fields = z.object({ title: lineField(), body: trimmedField(), raw: textField(), tags: listField(), password: secretField() });
  const sent = form([
    ["title", " Soft\u000bbreak\u0001 and\ttab\r\n "],
    ["body", " Para\u0007graph\r\n\tindented\u000bnext\u009b "],
    ["raw", "\u0000kept spaces "],
    ["tags", "a\u0002b"],
    ["tags", "c\nd"],
    ["password", "\u0001secret\u000b"],
  ]);

  it("keeps no control character in a one-line field, tabs and lines in a textarea's, and a password as typed", () => {
    expect(parseInput(fields, sent)).toEqual({
      ok: true,
      value: { title: "Soft break and tab", body: "Paragraph\n\tindented\nnext", raw: "kept spaces ", tags: ["ab", "c d"], password: "\u0001secret\u000b" },
    });
  });

  it("finds a field made only of control characters empty", () => {
    const required = z.object({ title: lineField().pipe(z.string().min(1, "titleRequired")) });
    expect(parseInput(required, { title: "\u0001\u000b\u0085\t" })).toEqual({ ok: false, errors: { title: "titleRequired" } });
  });
});

describe("refusals", () => {
  it("answer 400 with the errors and values, or 429 with Retry-After when rate-limited", () => {
    const plain = refused({ email: "emailInvalid" }, { values: { email: "x" } });
    expect(plain.init?.status).toBe(400);
    expect(plain.data).toEqual({ ok: false, errors: { email: "emailInvalid" }, values: { email: "x" } });
    const limited = refused({ form: "tooMany" }, { retryAfterSeconds: 30 });
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("30");
  });

  it("turn a Refusal thrown part-way into the refused answer and let other errors through", async () => {
    const answer = await answerRefusals(async () => {
      throw new Refusal("tooLarge", { field: "cover", status: 413 });
    }, { extra: { intent: "cover" } });
    expect(answer).toMatchObject({ data: { ok: false, intent: "cover", errors: { cover: "tooLarge" } }, init: { status: 413 } });
    await expect(answerRefusals(async () => { throw new Error("disk"); })).rejects.toThrow("disk");
    await expect(answerRefusals(async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });
});
