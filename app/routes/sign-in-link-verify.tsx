import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/sign-in-link-verify";
import { AccountPage } from "~/components/accounts/account-page";
import { FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { actorOf } from "~/lib/request-actor.server";
import { openSignInLink } from "~/modules/accounts/sign-in-link.server";

/** The mailed sign-in link lands here: a valid token signs in (or asks for the second factor) and opens the account. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { auth, db } = context.services;
  const opened = token ? await openSignInLink({ auth, db, now: context.services.now() }, token, request, actorOf(context, request)) : { ok: false as const };
  if (opened.ok) {
    const next = opened.twoFactor ? `${localizePath("/two-factor", language)}?via=link` : localizePath("/account", language);
    throw redirect(next, { headers: opened.headers });
  }
  return data({ i18n: pageResourcesFor(language, ["accounts"]) }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signInLink", { noindex: true });

export default function SignInLinkVerify() {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  return (
    <AccountPage pageKey="signInLink">
      <FormNotice kind="error">{t("errors.linkInvalid")}</FormNotice>
      <Link to={localize("/sign-in-link")} className="font-semibold text-forest-700 underline">
        {t("signInLink.askAgain")}
      </Link>
    </AccountPage>
  );
}
