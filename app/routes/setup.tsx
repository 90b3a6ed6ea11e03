import { useTranslation } from "~/i18n/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { AccountPage } from "~/components/accounts/account-page";
import { NewPasswordField } from "~/components/accounts/new-password-field";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { parseInput, type FieldErrors } from "~/lib/form-input";
import { answerRefusals, refused } from "~/lib/refusal";
import { NAME_MAX_LENGTH, signUpSchema, tokenSchema } from "~/modules/accounts/credential-forms";
import { createFirstAdmin } from "~/modules/accounts/first-admin.server";
import { setupTokenUsable } from "~/modules/accounts/setup-link.server";
import { actorOf } from "~/modules/audit/audit.server";
import { requestContext } from "~/route-context.server";

/** The owner's first visit, from the link `npm start` printed: creates the first admin account. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await setupTokenUsable(services.db, token, services.now());
  return data({ i18n: pageResourcesFor(languageOf(params), ["accounts"]), token, usable }, { status: usable ? 200 : 410 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { name: NAME_MAX_LENGTH, email: MAX_EMAIL_LENGTH });
  const sent = parseInput(tokenSchema, form);
  const token = sent.ok ? sent.value.token : "";
  if (!(await setupTokenUsable(services.db, token, services.now()))) return refused({ form: "setupUsed" }, { status: 410, values });
  const checked = parseInput(signUpSchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  return answerRefusals(async () => {
    const signIn = await createFirstAdmin(services, token, checked.value, request, actorOf({ clientIp }, request));
    const next = signIn.ok && signIn.twoFactor ? "/two-factor" : "/admin";
    throw redirect(localizePath(next, languageOf(params)), signIn.ok ? { headers: signIn.headers } : undefined);
  }, { values });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "setup", { noindex: true });

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const submitting = useNavigation().state === "submitting";
  const errors: FieldErrors<"name" | "email" | "password"> = actionData?.errors ?? {};
  const values = actionData?.values;
  if (!loaderData.usable || errors.form) {
    return (
      <AccountPage pageKey="setup">
        <FormNotice kind="error">{t("errors.setupUsed")}</FormNotice>
      </AccountPage>
    );
  }
  const message = (key: string | undefined) => (key ? t(`errors.${key}`) : undefined);
  return (
    <AccountPage pageKey="setup">
      <p>{t("setup.intro")}</p>
      <Form method="post" noValidate className="flex flex-col gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormField id="setup-name" name="name" autoComplete="name" required maxLength={NAME_MAX_LENGTH} label={t("fields.name")} defaultValue={values?.name} error={message(errors.name)} />
        <FormField id="setup-email" name="email" type="email" autoComplete="email" required label={t("fields.email")} defaultValue={values?.email} error={message(errors.email)} />
        <NewPasswordField id="setup-password" label={t("fields.password")} error={errors.password} />
        <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
          {t("setup.submit")}
        </button>
      </Form>
    </AccountPage>
  );
}
