import { data } from "react-router";
import type { Route } from "./+types/forgot-password";
import { EmailLinkRequest } from "~/components/accounts/email-link-request";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { networkKey } from "~/lib/network";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { RESET_LINK_MINUTES } from "~/modules/accounts/auth-mails.server";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { checkEmailOnly } from "~/modules/accounts/credentials";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = echoedValues(form, { email: MAX_EMAIL_LENGTH });
  const checked = checkEmailOnly(form);
  if (!checked.ok) return data({ ok: false as const, errors: checked.errors as Record<string, string | undefined>, values }, { status: 400 });
  const { db } = context.services;
  // Counted whether or not the address has an account, so known and unknown addresses answer alike.
  for (const subject of [`email:${checked.value.email}`, `ip:${networkKey(context.clientIp)}`]) {
    const limit = await consume(db, LIMITS.passwordResetPerAddress, subject, context.services.now());
    if (!limit.allowed) return tooManyAttempts(values, limit.retryAfterSeconds);
  }
  await requestPasswordReset({ db, now: context.services.now(), wake: context.services.outbox.wake }, checked.value.email);
  return { ok: true as const, email: checked.value.email, minutes: RESET_LINK_MINUTES };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "forgotPassword", { noindex: true });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <EmailLinkRequest pageKey="forgotPassword" texts="forgot" reply={actionData} />;
}
