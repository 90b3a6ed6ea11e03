import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { AccountNotice, AccountPage } from "~/components/accounts/account-page";
import { LinkConfirmForm } from "~/components/ui/link-confirm-form";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { MAILED_LINK_HEADERS, mailedLinkHeaders, tokenInForm, tokenInUrl } from "~/lib/mailed-link-headers";
import { recordAudit } from "~/modules/audit/audit.server";
import { currentSession } from "~/modules/accounts/accounts.server";
import { actorOf } from "~/modules/audit/audit.server";
import { verifyEmail } from "~/modules/accounts/sign-up.server";

/** The mailed confirmation link lands here. Opening it only shows the button: it confirms and signs in nothing. */
export function loader({ request, params }: Route.LoaderArgs) {
  const token = tokenInUrl(request);
  const i18n = pageResourcesFor(languageOf(params), ["accounts"]);
  return data({ i18n, token, failed: !token }, { status: token ? 200 : 400, headers: MAILED_LINK_HEADERS });
}

/** The button: a valid token confirms the address, signs in and opens the account page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const token = await tokenInForm(request);
  const headers = token ? await verifyEmail(context.services.auth, token, request) : null;
  if (!headers) return data({ failed: true }, { status: 400, headers: MAILED_LINK_HEADERS });
  const signedIn = await currentSession(context.services.auth, new Request(request.url, { headers: { cookie: cookieFrom(headers) } }));
  if (signedIn) {
    const actor = actorOf(context, request, signedIn.user.id, signedIn.session.id);
    await recordAudit(context.services.db, actor, { action: "auth.email_verified", resource: `user:${signedIn.user.id}` }, context.services.now());
  }
  throw redirect(`${localizePath("/account", languageOf(params))}?verified=1`, { headers });
}

/** The cookie a Set-Cookie header would give, to read the new session in the same request. */
function cookieFrom(headers: Headers): string {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

export const headers = mailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "verifyEmail", { noindex: true });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  if (actionData?.failed || loaderData.failed) {
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
