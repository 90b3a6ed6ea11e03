import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/sign-in";
import { AccountPage } from "~/components/accounts/account-page";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { buttonClass } from "~/components/ui/button-styles";
import { useTranslation } from "~/i18n/use-translation";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { currentSession } from "~/modules/accounts/accounts.server";
import { signInWithPassword } from "~/modules/accounts/password-sign-in.server";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { parseInput, type FieldErrors } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { signInSchema } from "~/modules/accounts/credential-forms";
import { actorOf } from "~/modules/audit/audit.server";
import { requestContext } from "~/route-context.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  if (await currentSession(context.get(requestContext).services.auth, request)) throw redirect(localizePath("/account", language));
  return { i18n: pageResourcesFor(language, ["accounts"]) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { email: MAX_EMAIL_LENGTH });
  const checked = parseInput(signInSchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { auth, db, config } = services;
  const outcome = await signInWithPassword({ auth, db, config, now: services.now() }, checked.value, request, actorOf({ clientIp }, request));
  if (outcome.ok) throw redirect(localizePath(outcome.twoFactor ? "/two-factor" : "/account", languageOf(params)), { headers: outcome.headers });
  if (outcome.error === "tooMany") return tooManyAttempts(values, outcome.retryAfterSeconds ?? 60);
  return refused({ form: outcome.error }, { values, status: outcome.error === "emailNotVerified" ? 403 : 401 });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signIn", { noindex: true });

export default function SignIn({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const submitting = useNavigation().state === "submitting";
  const errors: FieldErrors<"email" | "password"> = actionData?.errors ?? {};
  const message = (key: string | undefined) => (key ? t(`errors.${key}`) : undefined);
  return (
    <AccountPage pageKey="signIn">
      {errors.form && <FormNotice kind="error">{t(`errors.${errors.form}`)}</FormNotice>}
      <Form method="post" noValidate className="flex flex-col gap-5">
        <FormField id="sign-in-email" name="email" type="email" autoComplete="email" required label={t("fields.email")} defaultValue={actionData?.values.email} error={message(errors.email)} />
        <FormField id="sign-in-password" name="password" type="password" autoComplete="current-password" required label={t("fields.password")} error={message(errors.password)} />
        <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
          {submitting ? t("signIn.submitting") : t("signIn.submit")}
        </button>
      </Form>
      <p>
        <Link to={localize("/forgot-password")} className="font-semibold text-forest-700 underline">
          {t("signIn.forgot")}
        </Link>
      </p>
      <p>
        <Link to={localize("/sign-in-link")} className="font-semibold text-forest-700 underline">
          {t("signIn.linkInstead")}
        </Link>
      </p>
      <p>
        {t("signIn.noAccount")}{" "}
        <Link to={localize("/sign-up")} className="font-semibold text-forest-700 underline">
          {t("signIn.signUpLink")}
        </Link>
      </p>
    </AccountPage>
  );
}
