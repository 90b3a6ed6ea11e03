import { useTranslation } from "~/i18n/use-translation";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AccountNotice, AccountPage } from "~/components/accounts/account-page";
import { buttonClass } from "~/components/ui/button-styles";
import { NewPasswordField } from "~/components/accounts/new-password-field";
import { FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { parseInput, type FieldErrors } from "~/lib/form-input";
import { MAILED_LINK_HEADERS, mailedLinkHeaders, tokenInUrl } from "~/lib/mailed-link-headers";
import { refused } from "~/lib/refusal";
import { resetPasswordSchema } from "~/modules/accounts/credential-forms";
import { resetPassword } from "~/modules/accounts/password-reset.server";
import { requestContext } from "~/route-context.server";

/** The mailed reset link lands here: the page only shows the form; its POST uses the token. */
export function loader({ request, params }: Route.LoaderArgs) {
  return data({ i18n: pageResourcesFor(languageOf(params), ["accounts"]), token: tokenInUrl(request) }, { headers: MAILED_LINK_HEADERS });
}

/** The answers carry no headers of their own: the route's `headers` gives every answer MAILED_LINK_HEADERS. */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = parseInput(resetPasswordSchema, await request.formData());
  if (!checked.ok) return refused(checked.errors);
  const { token, password } = checked.value;
  if (!token || !(await resetPassword(context.get(requestContext).services.auth, token, password))) return refused({ form: "linkInvalid" });
  return { ok: true as const };
}

export const headers = mailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "resetPassword", { noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const submitting = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <AccountNotice pageKey="resetPassword" kind="success" message={t("reset.done")} linkTo={localize("/sign-in")} linkLabel={t("signUp.signInLink")} />
    );
  }
  if (!loaderData.token) {
    return (
      <AccountPage pageKey="resetPassword">
        <p>{t("reset.missingToken")}</p>
      </AccountPage>
    );
  }
  const errors: FieldErrors<"password"> = actionData?.ok === false ? actionData.errors : {};
  return (
    <AccountPage pageKey="resetPassword">
      {errors.form && <FormNotice kind="error">{t(`errors.${errors.form}`)}</FormNotice>}
      <Form method="post" noValidate className="flex flex-col gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField id="reset-password" label={t("fields.newPassword")} error={errors.password} />
        <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
          {submitting ? t("reset.submitting") : t("reset.submit")}
        </button>
      </Form>
    </AccountPage>
  );
}
