// The account page's two-factor forms: start (password → QR code), confirm (code → backup codes shown
// once), new backup codes (password) and turn off (password). two-factor-settings.server.ts does and
// audits each change; here a refusal becomes a Refusal naming the field its form shows it on.
import { Refusal } from "~/lib/refusal";
import { passwordChecked, type AccountChange } from "./account-settings.server";
import type { Enrolment } from "./enrolment";
import { qrCodePath } from "./qr-code.server";
import { confirmEnrolment, disableTwoFactor, regenerateBackupCodes, startEnrolment } from "./two-factor-settings.server";

/** The enrolment step's picture and key, from the otpauth:// URI better-auth made (kept in the form between tries). */
export function enrolmentView(totpUri: string): Enrolment | undefined {
  if (!totpUri.startsWith("otpauth://totp/") || totpUri.length > 500) return undefined;
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  return { totpUri, secret: secret.replace(/(.{4})(?=.)/g, "$1 "), qr: qrCodePath(totpUri) };
}

/** After the password, a new secret for the authenticator app; nothing is enforced until a code confirms it. */
export async function startTwoFactor(change: AccountChange, password: string): Promise<Enrolment | undefined> {
  return enrolmentView(passwordChecked(await startEnrolment(change, change.request, change.actor, password), "password"));
}

/** Two-factor is on once a code from the app confirms it; the backup codes are shown once, the headers renew the session. */
export async function confirmTwoFactor(change: AccountChange, code: string): Promise<{ backupCodes: string[]; headers: Headers }> {
  const done = await confirmEnrolment(change, code, change.request, change.actor);
  if (!done.ok) throw new Refusal(done.error, { field: "code", status: done.error === "tooMany" ? 429 : 400, retryAfterSeconds: done.retryAfterSeconds });
  return { backupCodes: done.backupCodes, headers: done.headers };
}

/** New backup codes after the password; the old ones stop working. */
export async function newBackupCodes(change: AccountChange, password: string): Promise<string[]> {
  return passwordChecked(await regenerateBackupCodes(change, password, change.request, change.actor), "password");
}

/** Turns two-factor off after the password; the headers renew the session. */
export async function turnOffTwoFactor(change: AccountChange, password: string): Promise<Headers> {
  return passwordChecked(await disableTwoFactor(change, password, change.request, change.actor), "password");
}
