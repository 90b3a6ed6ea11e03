import { useTranslation } from "~/i18n/use-translation";
import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-in-link-verify";
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
import { openSignInLink } from "~/modules/accounts/sign-in-link.server";
import { actorOf } from "~/modules/audit/audit.server";
import { requestContext } from "~/route-context.server";

/** The mailed sign-in link lands here. Opening it only shows the button: it reads, uses and signs in nothing. */
export function loader({ request, params }: Route.LoaderArgs) {
  const token = tokenInUrl(request);
  const i18n = pageResourcesFor(languageOf(params), ["accounts"]);
  return data({ i18n, token, failed: !token }, { status: token ? 200 : 400, headers: MAILED_LINK_HEADERS });
}

/** The button: a valid token signs in (or asks for the second factor) and opens the account, once. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const language = languageOf(params);
  const checked = parseInput(tokenSchema, await request.formData());
  const token = checked.ok ? checked.value.token : "";
  const { auth, db } = services;
  const opened = token ? await openSignInLink({ auth, db, now: services.now() }, token, request, actorOf({ clientIp }, request)) : { ok: false as const };
  if (opened.ok) {
    const next = opened.twoFactor ? `${localizePath("/two-factor", language)}?via=link` : localizePath("/account", language);
    throw redirect(next, { headers: opened.headers });
  }
  return refused({ form: "linkInvalid" });
}

export const headers = mailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signInLinkVerify", { noindex: true });

export default function SignInLinkVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  if (actionData?.errors || loaderData.failed) {
    return (
      <AccountNotice pageKey="signInLinkVerify" kind="error" message={t("errors.linkInvalid")} linkTo={localize("/sign-in-link")} linkLabel={t("signInLink.askAgain")} />
    );
  }
  return (
    <AccountPage pageKey="signInLinkVerify">
      <p>{t("signInLink.confirmIntro")}</p>
      <LinkConfirmForm token={loaderData.token} label={t("signInLink.confirmSubmit")} pendingLabel={t("signInLink.confirmSubmitting")} />
    </AccountPage>
  );
}
