import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { emailOnlySchema, resetPasswordSchema, signInSchema, signUpSchema, twoFactorCodeSchema } from "./credential-forms";
import { PASSWORD_LIMITS } from "./password-limits";

describe("account forms", () => {
  it("normalises the address and requires a password to sign in", () => {
    expect(parseInput(signInSchema, { email: " Ada@Example.ORG ", password: "x" })).toEqual({ ok: true, value: { email: "ada@example.org", password: "x" } });
    expect(parseInput(signInSchema, { email: "nope", password: "" })).toEqual({ ok: false, errors: { email: "emailInvalid", password: "passwordRequired" } });
  });

  it("asks for a name and a password of 10 to 128 characters to sign up", () => {
    expect(parseInput(signUpSchema, { name: " ", email: "a@example.org", password: "short" })).toEqual({
      ok: false,
      errors: { name: "nameRequired", password: "passwordTooShort" },
    });
    expect(parseInput(signUpSchema, { name: "Ada", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.max + 1) })).toMatchObject({
      errors: { password: "passwordTooLong" },
    });
    expect(parseInput(signUpSchema, { name: "Ada", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.min) }).ok).toBe(true);
  });

  it("keeps control characters and text-reordering marks out of the name", () => {
    expect(parseInput(signUpSchema, { name: "Ada\r\nBcc: x@evil.example\u202e", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.min) })).toMatchObject({
      ok: true,
      value: { name: "Ada Bcc: x@evil.example" },
    });
    expect(parseInput(signUpSchema, { name: "\u0000\n\t", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.min) })).toMatchObject({ errors: { name: "nameRequired" } });
  });

  it("treats missing or non-text fields as empty", () => {
    expect(parseInput(emailOnlySchema, {})).toEqual({ ok: false, errors: { email: "emailInvalid" } });
    expect(parseInput(signInSchema, { email: 42, password: null }).ok).toBe(false);
    expect(parseInput(resetPasswordSchema, { password: "x".repeat(PASSWORD_LIMITS.min) })).toEqual({ ok: true, value: { token: "", password: "x".repeat(PASSWORD_LIMITS.min) } });
  });

  it("asks for a second-factor code and keeps it as typed", () => {
    expect(parseInput(twoFactorCodeSchema, { code: "  " })).toEqual({ ok: false, errors: { code: "codeRequired" } });
    expect(parseInput(twoFactorCodeSchema, { code: " 123 456 " })).toEqual({ ok: true, value: { code: " 123 456 " } });
  });
});
