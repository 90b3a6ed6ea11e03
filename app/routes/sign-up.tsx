import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/sign-up";
import { AccountPage } from "~/components/accounts/account-page";
import { buttonClass } from "~/components/ui/button-styles";
import { NewPasswordField } from "~/components/accounts/new-password-field";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { parseInput, type FieldErrors } from "~/lib/form-input";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { refused } from "~/lib/refusal";
import { NAME_MAX_LENGTH, signUpSchema } from "~/modules/accounts/credential-forms";
import { PASSWORD_LIMITS } from "~/modules/accounts/password-limits";
import { actorOf } from "~/modules/audit/audit.server";
import { signUp } from "~/modules/accounts/sign-up.server";
import { requestContext } from "~/route-context.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { name: NAME_MAX_LENGTH, email: MAX_EMAIL_LENGTH });
  const checked = parseInput(signUpSchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { auth, db } = services;
  const input = { ...checked.value, language: languageOf(params) };
  const outcome = await signUp({ auth, db, now: services.now() }, input, request, actorOf({ clientIp }, request));
  if (!outcome.ok) return tooManyAttempts(values, outcome.retryAfterSeconds);
  return { ok: true as const, email: checked.value.email };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signUp", { noindex: true });

export default function SignUp({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const submitting = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <AccountPage pageKey="signUp">
        <FormNotice kind="success">{t("signUp.checkEmail", { email: actionData.email })}</FormNotice>
      </AccountPage>
    );
  }
  const errors: FieldErrors<"name" | "email" | "password"> = actionData?.errors ?? {};
  const message = (key: string | undefined) => (key ? t(`errors.${key}`, PASSWORD_LIMITS) : undefined);
  return (
    <AccountPage pageKey="signUp">
      {errors.form && <FormNotice kind="error">{t(`errors.${errors.form}`)}</FormNotice>}
      <Form method="post" noValidate className="flex flex-col gap-5">
        <FormField id="sign-up-name" name="name" autoComplete="name" required maxLength={NAME_MAX_LENGTH} label={t("fields.name")} defaultValue={actionData?.values.name} error={message(errors.name)} />
        <FormField id="sign-up-email" name="email" type="email" autoComplete="email" required label={t("fields.email")} defaultValue={actionData?.values.email} error={message(errors.email)} />
        <NewPasswordField id="sign-up-password" label={t("fields.password")} error={errors.password} />
        <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
          {submitting ? t("signUp.submitting") : t("signUp.submit")}
        </button>
      </Form>
      <p>
        {t("signUp.haveAccount")}{" "}
        <Link to={localize("/sign-in")} className="font-semibold text-forest-700 underline">
          {t("signUp.signInLink")}
        </Link>
      </p>
    </AccountPage>
  );
}
