import { data, redirect, type AppLoadContext } from "react-router";
import type { Actor } from "~/modules/audit/audit.server";
import { adoptSetCookies } from "~/lib/adopt-cookies";
import { qrCodePath } from "~/modules/accounts/qr-code.server";
import { confirmEnrolment, disableTwoFactor, regenerateBackupCodes, startEnrolment } from "~/modules/accounts/two-factor-settings.server";
import type { TwoFactorView } from "~/components/accounts/two-factor-section";

export const TWO_FACTOR_INTENTS = ["two-factor-start", "two-factor-confirm", "two-factor-codes", "two-factor-disable"] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

export function isTwoFactorIntent(intent: unknown): intent is TwoFactorIntent {
  return TWO_FACTOR_INTENTS.includes(intent as TwoFactorIntent);
}

/** The enrolment step's picture and key, from the otpauth:// URI better-auth made (kept in the form between tries). */
function enrolmentView(totpUri: string): TwoFactorView["enrolment"] {
  if (!totpUri.startsWith("otpauth://totp/") || totpUri.length > 500) return undefined;
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  return { totpUri, secret: secret.replace(/(.{4})(?=.)/g, "$1 "), qr: qrCodePath(totpUri) };
}

const refused = (view: TwoFactorView, status: number, retryAfterSeconds?: number) =>
  data({ twoFactor: view }, { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined });

/** A refused password form: 400 for a wrong password, 429 with Retry-After once the account's checks are spent. */
const passwordRefused = (form: "start" | "codes" | "disable", answer: { error: "currentPasswordWrong" | "tooMany"; retryAfterSeconds?: number }) =>
  refused({ error: { form, key: answer.error } }, answer.error === "tooMany" ? 429 : 400, answer.retryAfterSeconds);

/**
 * The account page's two-factor forms: start (password → QR code), confirm (code → backup codes shown
 * once), new backup codes (password) and turn off (password). Each change is audited by the module.
 */
export async function twoFactorAction(
  intent: TwoFactorIntent,
  form: FormData,
  { context, request, actor, enabled, accountPath }: { context: AppLoadContext; request: Request; actor: Actor & { userId: string }; enabled: boolean; accountPath: string },
) {
  const { auth, db } = context.services;
  const deps = { auth, db, now: context.services.now() };
  const password = String(form.get("password") ?? "");
  // Turning on needs two-factor off; new backup codes and turning off need it on.
  const turningOn = intent === "two-factor-start" || intent === "two-factor-confirm";
  if (turningOn === enabled) return refused({}, 400);
  switch (intent) {
    case "two-factor-start": {
      const started = await startEnrolment(deps, request, actor, password);
      if (!started.ok) return passwordRefused("start", started);
      return { twoFactor: { enrolment: enrolmentView(started.value) } satisfies TwoFactorView };
    }
    case "two-factor-confirm": {
      const enrolment = enrolmentView(String(form.get("totpUri") ?? ""));
      const done = await confirmEnrolment(deps, String(form.get("code") ?? ""), request, actor);
      if (!done.ok) return refused({ enrolment, error: { form: "confirm", key: done.error } }, done.error === "tooMany" ? 429 : 400, done.retryAfterSeconds);
      // better-auth renewed the session: the page's loader, run next in this request, must use the new one.
      adoptSetCookies(request, done.headers);
      return data({ twoFactor: { backupCodes: done.backupCodes } satisfies TwoFactorView }, { headers: done.headers });
    }
    case "two-factor-codes": {
      const codes = await regenerateBackupCodes(deps, password, request, actor);
      if (!codes.ok) return passwordRefused("codes", codes);
      return { twoFactor: { backupCodes: codes.value } satisfies TwoFactorView };
    }
    case "two-factor-disable": {
      const disabled = await disableTwoFactor(deps, password, request, actor);
      if (!disabled.ok) return passwordRefused("disable", disabled);
      throw redirect(`${accountPath}?done=twoFactorDisabled`, { headers: disabled.value });
    }
  }
}
