import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account";
import { AccountPage } from "~/components/accounts/account-page";
import { buttonClass } from "~/components/ui/button-styles";
import { FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { currentSession } from "~/modules/accounts/accounts.server";
import { actorOf, requireAccountsEnabled } from "~/lib/request-actor.server";
import { recordAudit } from "~/modules/audit/audit.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAccountsEnabled(context);
  const language = languageOf(params);
  const signedIn = await currentSession(context.services.auth, request);
  if (!signedIn) throw redirect(localizePath("/sign-in", language));
  return {
    i18n: pageResourcesFor(language, ["accounts"]),
    email: signedIn.user.email,
    role: signedIn.user.role === "admin" ? ("admin" as const) : ("user" as const),
    verified: new URL(request.url).searchParams.get("verified") === "1",
  };
}

/** Sign out of the other devices, or of all of them (this one included). */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireAccountsEnabled(context);
  const { auth, db } = context.services;
  const signedIn = await currentSession(auth, request);
  if (!signedIn) throw redirect(localizePath("/sign-in", languageOf(params)));
  const intent = (await request.formData()).get("intent");
  const actor = actorOf(context, request, signedIn.user.id, signedIn.session.id);
  if (intent === "sign-out-others") {
    await auth.api.revokeOtherSessions({ headers: request.headers });
    await recordAudit(db, actor, { action: "auth.signed_out_others", resource: `user:${signedIn.user.id}` }, context.services.now());
    return { done: "othersSignedOut" as const };
  }
  if (intent === "sign-out-all") {
    await auth.api.revokeSessions({ headers: request.headers });
    await recordAudit(db, actor, { action: "auth.signed_out_everywhere", resource: `user:${signedIn.user.id}` }, context.services.now());
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
    throw redirect(localizePath("/", languageOf(params)), { headers });
  }
  return data({ done: null }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "account", { noindex: true });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  return (
    <AccountPage pageKey="account">
      {loaderData.verified && <FormNotice kind="success">{t("verify.done")}</FormNotice>}
      {actionData?.done && <FormNotice kind="success">{t(`account.${actionData.done}`)}</FormNotice>}
      <p className="text-lg">
        {t("account.signedInAs", { email: loaderData.email })} · {t(`account.role.${loaderData.role}`)}
      </p>
      <Form method="post" action={localize("/sign-out")}>
        <button type="submit" className={buttonClass({ variant: "primary", size: "lg" })}>
          {t("account.signOut")}
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="sign-out-others" className={buttonClass({ variant: "outline" })}>
          {t("account.signOutOthers")}
        </button>
        <button type="submit" name="intent" value="sign-out-all" className={buttonClass({ variant: "outline" })}>
          {t("account.signOutAll")}
        </button>
      </Form>
    </AccountPage>
  );
}
