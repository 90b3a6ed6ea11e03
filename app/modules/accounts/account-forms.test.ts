import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { accountIntentSchema, changePasswordSchema } from "./account-forms";
import { PASSWORD_LIMITS } from "./password-limits";

describe("account page forms", () => {
  it("offers turning two-factor on only while it is off, and new codes or turning it off only while it is on", () => {
    const offered = (enabled: boolean, intent: string) => parseInput(accountIntentSchema(enabled), { intent }).ok;
    expect([offered(false, "two-factor-start"), offered(false, "two-factor-confirm"), offered(false, "two-factor-disable")]).toEqual([true, true, false]);
    expect([offered(true, "two-factor-codes"), offered(true, "two-factor-disable"), offered(true, "two-factor-start")]).toEqual([true, true, false]);
    expect([offered(true, "change-password"), offered(false, "sign-out-all"), offered(false, "drop-tables")]).toEqual([true, true, false]);
  });

  it("checks the new password's length and leaves the current one to the server", () => {
    expect(parseInput(changePasswordSchema, { currentPassword: "", password: "short" })).toEqual({ ok: false, errors: { password: "passwordTooShort" } });
    expect(parseInput(changePasswordSchema, { password: "x".repeat(PASSWORD_LIMITS.min) })).toEqual({ ok: true, value: { currentPassword: "", password: "x".repeat(PASSWORD_LIMITS.min) } });
  });
});
