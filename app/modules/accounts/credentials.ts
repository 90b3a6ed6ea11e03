import { isValidEmail, normalizeEmail } from "~/lib/email";
import { PASSWORD_LIMITS } from "./password-limits";
import { plainName } from "~/lib/plain-name";

/** An account name keeps at most this many characters. */
export const NAME_MAX_LENGTH = 120;

export type CredentialField = "name" | "email" | "password";
export type CredentialError = "nameRequired" | "emailInvalid" | "passwordRequired" | "passwordTooShort" | "passwordTooLong";

type Checked<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<CredentialField, CredentialError>> };

const text = (form: Record<string, unknown>, key: string) => (typeof form[key] === "string" ? (form[key] as string) : "");

export function checkNewPassword(password: string): CredentialError | null {
  if (password.length < PASSWORD_LIMITS.min) return "passwordTooShort";
  if (password.length > PASSWORD_LIMITS.max) return "passwordTooLong";
  return null;
}

/** Sign-in form: any non-empty password is checked by the server, a well-formed address is required. */
export function checkSignIn(form: Record<string, unknown>): Checked<{ email: string; password: string }> {
  const email = normalizeEmail(text(form, "email"));
  const password = text(form, "password");
  const errors: Partial<Record<CredentialField, CredentialError>> = {};
  if (!isValidEmail(email)) errors.email = "emailInvalid";
  if (!password) errors.password = "passwordRequired";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { email, password } };
}

export function checkSignUp(form: Record<string, unknown>): Checked<{ name: string; email: string; password: string }> {
  const name = plainName(text(form, "name")).slice(0, NAME_MAX_LENGTH).trim();
  const email = normalizeEmail(text(form, "email"));
  const password = text(form, "password");
  const errors: Partial<Record<CredentialField, CredentialError>> = {};
  if (!name) errors.name = "nameRequired";
  if (!isValidEmail(email)) errors.email = "emailInvalid";
  const passwordError = checkNewPassword(password);
  if (passwordError) errors.password = passwordError;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { name, email, password } };
}

export function checkEmailOnly(form: Record<string, unknown>): Checked<{ email: string }> {
  const email = normalizeEmail(text(form, "email"));
  return isValidEmail(email) ? { ok: true, value: { email } } : { ok: false, errors: { email: "emailInvalid" } };
}
