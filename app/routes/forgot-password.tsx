import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AccountPage } from "~/components/accounts/account-page";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { requireAccountsEnabled } from "~/lib/request-actor.server";
import { RESET_LINK_MINUTES } from "~/modules/accounts/auth-mails.server";
import { checkEmailOnly } from "~/modules/accounts/credentials";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";

export function loader({ params, context }: Route.LoaderArgs) {
  requireAccountsEnabled(context);
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAccountsEnabled(context);
  const form = Object.fromEntries(await request.formData());
  const values = { email: String(form.email ?? "") };
  const checked = checkEmailOnly(form);
  if (!checked.ok) return data({ ok: false as const, errors: checked.errors as Record<string, string | undefined>, values }, { status: 400 });
  const { db, auth } = context.services;
  // Counted whether or not the address has an account, so known and unknown addresses answer alike.
  for (const subject of [`email:${checked.value.email}`, `ip:${context.clientIp}`]) {
    const limit = await consume(db, LIMITS.passwordResetPerAddress, subject, context.services.now());
    if (!limit.allowed) return tooManyAttempts(values, limit.retryAfterSeconds);
  }
  await requestPasswordReset(auth, checked.value.email, request);
  return { ok: true as const, email: checked.value.email, minutes: RESET_LINK_MINUTES };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "forgotPassword", { noindex: true });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const submitting = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <AccountPage pageKey="forgotPassword">
        <FormNotice kind="success">{t("forgot.sent", { email: actionData.email, minutes: actionData.minutes })}</FormNotice>
      </AccountPage>
    );
  }
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <AccountPage pageKey="forgotPassword">
      {errors.form && <FormNotice kind="error">{t(`errors.${errors.form}`)}</FormNotice>}
      <p>{t("forgot.intro")}</p>
      <Form method="post" noValidate className="flex flex-col gap-5">
        <FormField id="forgot-email" name="email" type="email" autoComplete="email" required label={t("fields.email")} defaultValue={actionData?.values.email} error={errors.email ? t(`errors.${errors.email}`) : undefined} />
        <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
          {submitting ? t("forgot.submitting") : t("forgot.submit")}
        </button>
      </Form>
    </AccountPage>
  );
}
