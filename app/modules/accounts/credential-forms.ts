import { z } from "~/lib/zod";
import { isValidEmail, normalizeEmail } from "~/lib/email";
import { secretField, textField } from "~/lib/form-input";
import { plainName } from "~/lib/plain-name";
import { PASSWORD_LIMITS } from "./password-limits";

/** An account name keeps at most this many characters. */
export const NAME_MAX_LENGTH = 120;

/** An address, compared in lower case and without surrounding spaces. */
const emailField = () => textField().transform(normalizeEmail).refine(isValidEmail, "emailInvalid");

/** A password being chosen: better-auth is given the same limits. */
export const newPasswordField = () =>
  secretField().pipe(z.string().min(PASSWORD_LIMITS.min, "passwordTooShort").max(PASSWORD_LIMITS.max, "passwordTooLong"));

/** A name as the site shows and mails it (no control characters or reordering marks), cut to its maximum. */
const nameField = () =>
  textField()
    .transform((name) => plainName(name).slice(0, NAME_MAX_LENGTH).trim())
    .pipe(z.string().min(1, "nameRequired"));

/** Sign-in: a well-formed address, and any non-empty password for the server to check. */
export const signInSchema = z.object({
  email: emailField(),
  password: secretField().pipe(z.string().min(1, "passwordRequired")),
});

/** Sign-up, and the owner's account on the setup page. */
export const signUpSchema = z.object({ name: nameField(), email: emailField(), password: newPasswordField() });

/** The pages that mail a link to an address (password reset, sign-in link). */
export const emailOnlySchema = z.object({ email: emailField() });

/** The token a mailed link or the setup link carries, sent back in its page's form. */
export const tokenSchema = z.object({ token: textField() });

/** The new password chosen from a mailed reset link. */
export const resetPasswordSchema = z.object({ token: textField(), password: newPasswordField() });

/** The second step of signing in: an authenticator code or a backup code, read as typed. */
export const twoFactorCodeSchema = z.object({ code: textField().refine((code) => code.trim() !== "", "codeRequired") });
