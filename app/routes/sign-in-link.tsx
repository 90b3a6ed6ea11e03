import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import type { Route } from "./+types/sign-in-link";
import { EmailLinkRequest } from "~/components/accounts/email-link-request";
import { SIGN_IN_LINK_MINUTES } from "~/adapters/auth/auth.server";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { actorOf } from "~/modules/audit/audit.server";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { parseInput } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { emailOnlySchema } from "~/modules/accounts/credential-forms";
import { requestSignInLink } from "~/modules/accounts/sign-in-link.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

/** Asks for a one-time sign-in link; known and unknown addresses get the same answer. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { email: MAX_EMAIL_LENGTH });
  const checked = parseInput(emailOnlySchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { auth, db } = context.services;
  const outcome = await requestSignInLink({ auth, db, now: context.services.now(), wake: context.services.outbox.wake }, checked.value.email, actorOf(context, request));
  if (!outcome.ok) return tooManyAttempts(values, outcome.retryAfterSeconds);
  return { ok: true as const, email: checked.value.email, minutes: SIGN_IN_LINK_MINUTES };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signInLink", { noindex: true });

export default function SignInLink({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  return (
    <EmailLinkRequest pageKey="signInLink" texts="signInLink" reply={actionData}>
      <p>
        <Link to={localize("/sign-in")} className="font-semibold text-forest-700 underline">
          {t("signInLink.withPassword")}
        </Link>
      </p>
    </EmailLinkRequest>
  );
}
