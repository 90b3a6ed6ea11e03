import type { Route } from "./+types/forgot-password";
import { EmailLinkRequest } from "~/components/accounts/email-link-request";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { parseInput } from "~/lib/form-input";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { refused } from "~/lib/refusal";
import { RESET_LINK_MINUTES } from "~/modules/accounts/auth-mails.server";
import { emailOnlySchema } from "~/modules/accounts/credential-forms";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { actorOf } from "~/modules/audit/audit.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

/** Asks for a reset link; known and unknown addresses get the same answer. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { email: MAX_EMAIL_LENGTH });
  const checked = parseInput(emailOnlySchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { db, now, outbox } = context.services;
  const outcome = await requestPasswordReset({ db, now: now(), wake: outbox.wake }, checked.value.email, actorOf(context, request));
  if (!outcome.ok) return tooManyAttempts(values, outcome.retryAfterSeconds);
  return { ok: true as const, email: checked.value.email, minutes: RESET_LINK_MINUTES };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "forgotPassword", { noindex: true });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <EmailLinkRequest pageKey="forgotPassword" texts="forgot" reply={actionData} />;
}
