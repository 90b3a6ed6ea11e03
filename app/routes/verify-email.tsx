import { useTranslation } from "~/i18n/use-translation";
import { data, redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { AccountNotice, AccountPage } from "~/components/accounts/account-page";
import { LinkConfirmForm } from "~/components/ui/link-confirm-form";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { parseInput } from "~/lib/form-input";
import { MAILED_LINK_HEADERS, mailedLinkHeaders, tokenInUrl } from "~/lib/mailed-link-headers";
import { refused } from "~/lib/refusal";
import { tokenSchema } from "~/modules/accounts/credential-forms";
import { verifyEmail } from "~/modules/accounts/sign-up.server";
import { actorOf } from "~/modules/audit/audit.server";
import { requestContext } from "~/route-context.server";

/** The mailed confirmation link lands here. Opening it only shows the button: it confirms and signs in nothing. */
export function loader({ request, params }: Route.LoaderArgs) {
  const token = tokenInUrl(request);
  const i18n = pageResourcesFor(languageOf(params), ["accounts"]);
  return data({ i18n, token, failed: !token }, { status: token ? 200 : 400, headers: MAILED_LINK_HEADERS });
}

/** The button: a valid token confirms the address, signs in and opens the account page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const checked = parseInput(tokenSchema, await request.formData());
  const token = checked.ok ? checked.value.token : "";
  const { auth, db, now } = services;
  const headers = token ? await verifyEmail({ auth, db, now: now() }, token, request, actorOf({ clientIp }, request)) : null;
  if (!headers) return refused({ form: "linkInvalid" });
  throw redirect(`${localizePath("/account", languageOf(params))}?verified=1`, { headers });
}

export const headers = mailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "verifyEmail", { noindex: true });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  if (actionData?.errors || loaderData.failed) {
    return (
      <AccountNotice pageKey="verifyEmail" kind="error" message={t("verify.failed")} linkTo={localize("/sign-in")} linkLabel={t("signUp.signInLink")} />
    );
  }
  return (
    <AccountPage pageKey="verifyEmail">
      <p>{t("verify.confirmIntro")}</p>
      <LinkConfirmForm token={loaderData.token} label={t("verify.confirmSubmit")} pendingLabel={t("verify.confirmSubmitting")} />
    </AccountPage>
  );
}
