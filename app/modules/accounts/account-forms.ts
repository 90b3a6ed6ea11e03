import { z } from "~/lib/zod";
import { secretField, textField } from "~/lib/form-input";
import { newPasswordField } from "./credential-forms";

/** The forms of the account page, named by the `intent` of their submit button. */
export const ACCOUNT_INTENTS = [
  "sign-out-others",
  "sign-out-all",
  "change-password",
  "two-factor-start",
  "two-factor-confirm",
  "two-factor-codes",
  "two-factor-disable",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

const TURNING_ON: readonly AccountIntent[] = ["two-factor-start", "two-factor-confirm"];
const NEEDING_IT_ON: readonly AccountIntent[] = ["two-factor-codes", "two-factor-disable"];

/**
 * Which form was sent, among those the page offers now: turning two-factor on needs it off, new
 * backup codes and turning it off need it on (a page left open in another tab may send the other).
 */
export const accountIntentSchema = (twoFactorEnabled: boolean) =>
  z.object({
    intent: z.enum(ACCOUNT_INTENTS).refine((intent) => !(twoFactorEnabled ? TURNING_ON : NEEDING_IT_ON).includes(intent)),
  });

/** The change-password form; the current password is checked by the server. */
export const changePasswordSchema = z.object({ currentPassword: secretField(), password: newPasswordField() });

/** The two-factor forms that ask for the current password (start, new backup codes, turn off). */
export const currentPasswordSchema = z.object({ password: secretField() });

/** The code from the authenticator app that confirms the enrolment, with the enrolment's otpauth:// URI. */
export const confirmTwoFactorSchema = z.object({ code: textField(), totpUri: textField() });
