import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account";
import { AccountPage } from "~/components/accounts/account-page";
import { ChangePasswordForm } from "~/components/accounts/change-password-form";
import { SessionList } from "~/components/accounts/session-list";
import { TwoFactorSection, type TwoFactorView } from "~/components/accounts/two-factor-section";
import { buttonClass } from "~/components/ui/button-styles";
import { FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { deviceSessions } from "~/modules/accounts/accounts.server";
import { authorisedVisitor } from "~/modules/accounts/route-access.server";
import { checkNewPassword } from "~/modules/accounts/credentials";
import { changePassword } from "~/modules/accounts/password-reset.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { isTwoFactorIntent, twoFactorAction } from "./account-two-factor.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { auth } = context.services;
  const signedIn = authorisedVisitor(context);
  return {
    i18n: pageResourcesFor(language, ["accounts"]),
    email: signedIn.user.email,
    role: signedIn.user.role === "admin" ? ("admin" as const) : ("user" as const),
    sessions: await deviceSessions(auth, request, signedIn.session.token),
    twoFactorEnabled: signedIn.user.twoFactorEnabled,
    verified: new URL(request.url).searchParams.get("verified") === "1",
    done: doneNotice(new URL(request.url).searchParams.get("done")),
  };
}

/** The confirmation a redirect back to this page asks for (?done=…). */
function doneNotice(done: string | null): "passwordChanged" | "twoFactorDisabled" | null {
  return done === "passwordChanged" || done === "twoFactorDisabled" ? done : null;
}

type AccountResult = { done?: "othersSignedOut"; errors?: { currentPassword?: string; password?: string }; twoFactor?: TwoFactorView };

/** Sign out of the other devices or of all of them; change the password; the two-factor forms. Each change is audited. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { auth, db } = context.services;
  const signedIn = authorisedVisitor(context);
  const form = await request.formData();
  const { actor } = signedIn;
  const intent = form.get("intent");
  if (isTwoFactorIntent(intent)) {
    const accountPath = localizePath("/account", languageOf(params));
    return twoFactorAction(intent, form, { context, request, actor, enabled: signedIn.user.twoFactorEnabled, accountPath });
  }
  const audit = (action: string) => recordAudit(db, actor, { action, resource: `user:${signedIn.user.id}` }, context.services.now());
  switch (intent) {
    case "sign-out-others":
      await auth.api.revokeOtherSessions({ headers: request.headers });
      await audit("auth.signed_out_others");
      return { done: "othersSignedOut" } satisfies AccountResult;
    case "sign-out-all": {
      // The others first, then this one through better-auth, which also clears the cookie it set.
      await auth.api.revokeOtherSessions({ headers: request.headers });
      const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
      await audit("auth.signed_out_everywhere");
      throw redirect(localizePath("/", languageOf(params)), { headers });
    }
    case "change-password": {
      const newPassword = String(form.get("password") ?? "");
      const problem = checkNewPassword(newPassword);
      if (problem) return data({ errors: { password: problem } } satisfies AccountResult, { status: 400 });
      const passwords = { current: String(form.get("currentPassword") ?? ""), next: newPassword };
      const changed = await changePassword({ auth, db, now: context.services.now() }, request, signedIn.user.id, passwords);
      if (!changed.ok) return passwordRefused(changed);
      await audit("auth.password_changed");
      // The old session is gone: the page must be loaded again with the new cookie.
      throw redirect(`${localizePath("/account", languageOf(params))}?done=passwordChanged`, { headers: changed.value });
    }
    default:
      return data({} satisfies AccountResult, { status: 400 });
  }
}

/** A refused password change: 400 for a wrong password, 429 with Retry-After once the account's checks are spent. */
function passwordRefused(refused: { error: "currentPasswordWrong" | "tooMany"; retryAfterSeconds?: number }) {
  const headers = refused.retryAfterSeconds ? { "Retry-After": String(refused.retryAfterSeconds) } : undefined;
  return data({ errors: { currentPassword: refused.error } } satisfies AccountResult, { status: refused.error === "tooMany" ? 429 : 400, headers });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "account", { noindex: true });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const result: AccountResult = actionData ?? {};
  return (
    <AccountPage pageKey="account">
      {loaderData.verified && <FormNotice kind="success">{t("verify.done")}</FormNotice>}
      {loaderData.done && <FormNotice kind="success">{t(`account.${loaderData.done}`)}</FormNotice>}
      {result.done && <FormNotice kind="success">{t(`account.${result.done}`)}</FormNotice>}
      <p className="text-lg">
        {t("account.signedInAs", { email: loaderData.email })} · {t(`account.role.${loaderData.role}`)}
      </p>
      <Form method="post" action={localize("/sign-out")}>
        <button type="submit" className={buttonClass({ variant: "primary", size: "lg" })}>
          {t("account.signOut")}
        </button>
      </Form>
      <SessionList sessions={loaderData.sessions} />
      <Form method="post" className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="sign-out-others" className={buttonClass({ variant: "outline" })}>
          {t("account.signOutOthers")}
        </button>
        <button type="submit" name="intent" value="sign-out-all" className={buttonClass({ variant: "outline" })}>
          {t("account.signOutAll")}
        </button>
      </Form>
      <ChangePasswordForm errors={result.errors ?? {}} />
      <TwoFactorSection enabled={loaderData.twoFactorEnabled} view={result.twoFactor ?? {}} />
    </AccountPage>
  );
}
