import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { AccountPage } from "~/components/accounts/account-page";
import { FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { recordAudit } from "~/modules/audit/audit.server";
import { currentSession } from "~/modules/accounts/accounts.server";
import { actorOf } from "~/lib/request-actor.server";
import { verifyEmail } from "~/modules/accounts/sign-up.server";

/** The mailed link lands here: a valid token confirms the address, signs in and opens the account page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const headers = token ? await verifyEmail(context.services.auth, token, request) : null;
  if (headers) {
    const signedIn = await currentSession(context.services.auth, new Request(request.url, { headers: { cookie: cookieFrom(headers) } }));
    if (signedIn) {
      const actor = actorOf(context, request, signedIn.user.id, signedIn.session.id);
      await recordAudit(context.services.db, actor, { action: "auth.email_verified", resource: `user:${signedIn.user.id}` }, context.services.now());
    }
    throw redirect(`${localizePath("/account", language)}?verified=1`, { headers });
  }
  return { i18n: pageResourcesFor(language, ["accounts"]) };
}

/** The cookie a Set-Cookie header would give, to read the new session in the same request. */
function cookieFrom(headers: Headers): string {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "verifyEmail", { noindex: true });

export default function VerifyEmail() {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  return (
    <AccountPage pageKey="verifyEmail">
      <FormNotice kind="error">{t("verify.failed")}</FormNotice>
      <Link to={localize("/sign-in")} className="font-semibold text-forest-700 underline">
        {t("signUp.signInLink")}
      </Link>
    </AccountPage>
  );
}
