import { describe, expect, it } from "vitest";
import { PASSWORD_LIMITS } from "~/modules/accounts/password-limits";
import { checkEmailOnly, checkSignIn, checkSignUp } from "./credentials";

describe("account form checks", () => {
  it("normalises the address and requires a password to sign in", () => {
    expect(checkSignIn({ email: " Ada@Example.ORG ", password: "x" })).toEqual({ ok: true, value: { email: "ada@example.org", password: "x" } });
    expect(checkSignIn({ email: "nope", password: "" })).toEqual({ ok: false, errors: { email: "emailInvalid", password: "passwordRequired" } });
  });

  it("asks for a name and a password of 10 to 128 characters to sign up", () => {
    expect(checkSignUp({ name: " ", email: "a@example.org", password: "short" })).toEqual({
      ok: false,
      errors: { name: "nameRequired", password: "passwordTooShort" },
    });
    expect(checkSignUp({ name: "Ada", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.max + 1) })).toMatchObject({
      errors: { password: "passwordTooLong" },
    });
    expect(checkSignUp({ name: "Ada", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.min) }).ok).toBe(true);
  });

  it("keeps control characters and text-reordering marks out of the name", () => {
    expect(checkSignUp({ name: "Ada\r\nBcc: x@evil.example\u202e", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.min) })).toMatchObject({
      ok: true,
      value: { name: "Ada Bcc: x@evil.example" },
    });
    expect(checkSignUp({ name: "\u0000\n\t", email: "a@example.org", password: "x".repeat(PASSWORD_LIMITS.min) })).toMatchObject({ errors: { name: "nameRequired" } });
  });

  it("treats missing or non-text fields as empty", () => {
    expect(checkEmailOnly({})).toEqual({ ok: false, errors: { email: "emailInvalid" } });
    expect(checkSignIn({ email: 42, password: null }).ok).toBe(false);
  });
});
