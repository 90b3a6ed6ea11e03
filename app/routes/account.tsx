import { useTranslation } from "~/i18n/use-translation";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account";
import { AccountPage } from "~/components/accounts/account-page";
import { ChangePasswordForm } from "~/components/accounts/change-password-form";
import { SessionList } from "~/components/accounts/session-list";
import { TwoFactorSection, type TwoFactorRefusal } from "~/components/accounts/two-factor-section";
import { buttonClass } from "~/components/ui/button-styles";
import { FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { adoptSetCookies } from "~/lib/adopt-cookies";
import { parseInput } from "~/lib/form-input";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { answerRefusals, refused } from "~/lib/refusal";
import { deviceSessions } from "~/modules/accounts/accounts.server";
import { accountIntentSchema, changePasswordSchema, confirmTwoFactorSchema, currentPasswordSchema, type AccountIntent } from "~/modules/accounts/account-forms";
import { changeOwnPassword, signOutEverywhere, signOutOtherDevices, type AccountChange } from "~/modules/accounts/account-settings.server";
import { confirmTwoFactor, enrolmentView, newBackupCodes, startTwoFactor, turnOffTwoFactor } from "~/modules/accounts/account-two-factor.server";
import type { Enrolment } from "~/modules/accounts/enrolment";
import { authorisedVisitor, requestContext } from "~/route-context.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { auth } = context.get(requestContext).services;
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

/** What a form of this page that did not leave it answered. */
type AccountDone = { ok: true; done?: "othersSignedOut"; enrolment?: Enrolment | undefined; backupCodes?: string[] };
const answer = (done: AccountDone) => done;

/**
 * Sign out of the other devices or of all of them, change the password, and the two-factor forms.
 * Each change is audited by its module; a refusal names the form (`intent`) it belongs to.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = authorisedVisitor(context);
  const form = await request.formData();
  const chosen = parseInput(accountIntentSchema(signedIn.user.twoFactorEnabled), form);
  if (!chosen.ok) return refused({});
  const { intent } = chosen.value;
  const { auth, db, now } = context.get(requestContext).services;
  const change: AccountChange = { auth, db, now: now(), request, actor: signedIn.actor };
  const accountPath = localizePath("/account", languageOf(params));
  switch (intent) {
    case "sign-out-others":
      await signOutOtherDevices(change);
      return answer({ ok: true, done: "othersSignedOut" });
    case "sign-out-all":
      throw redirect(localizePath("/", languageOf(params)), { headers: await signOutEverywhere(change) });
    case "change-password": {
      const checked = parseInput(changePasswordSchema, form);
      if (!checked.ok) return refused(checked.errors, { extra: { intent } });
      const passwords = { current: checked.value.currentPassword, next: checked.value.password };
      // The old session is gone: the page must be loaded again with the new cookie.
      return answerRefusals(async () => {
        throw redirect(`${accountPath}?done=passwordChanged`, { headers: await changeOwnPassword(change, passwords) });
      }, { extra: { intent } });
    }
    case "two-factor-confirm": {
      const checked = parseInput(confirmTwoFactorSchema, form);
      if (!checked.ok) return refused(checked.errors, { extra: { intent } });
      const { code, totpUri } = checked.value;
      return answerRefusals(async () => {
        const { backupCodes, headers } = await confirmTwoFactor(change, code);
        // better-auth renewed the session: the page's loader, run next in this request, must use the new one.
        adoptSetCookies(request, headers);
        return data(answer({ ok: true, backupCodes }), { headers });
      }, { extra: { intent, enrolment: enrolmentView(totpUri) } });
    }
    case "two-factor-start":
      return withCurrentPassword(form, intent, async (password) => answer({ ok: true, enrolment: await startTwoFactor(change, password) }));
    case "two-factor-codes":
      return withCurrentPassword(form, intent, async (password) => answer({ ok: true, backupCodes: await newBackupCodes(change, password) }));
    case "two-factor-disable":
      return withCurrentPassword(form, intent, async (password) => {
        throw redirect(`${accountPath}?done=twoFactorDisabled`, { headers: await turnOffTwoFactor(change, password) });
      });
  }
}

/** Runs a form that asks for the current password; its refusal is shown on that form. */
function withCurrentPassword<Answer>(form: FormData, intent: AccountIntent, work: (password: string) => Promise<Answer>) {
  const checked = parseInput(currentPasswordSchema, form);
  if (!checked.ok) return refused(checked.errors, { extra: { intent } });
  return answerRefusals(() => work(checked.value.password), { extra: { intent } });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "account", { noindex: true });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const done = actionData?.ok ? actionData : undefined;
  const refusal: TwoFactorRefusal | undefined = actionData?.ok === false ? actionData : undefined;
  return (
    <AccountPage pageKey="account">
      {loaderData.verified && <FormNotice kind="success">{t("verify.done")}</FormNotice>}
      {loaderData.done && <FormNotice kind="success">{t(`account.${loaderData.done}`)}</FormNotice>}
      {done?.done && <FormNotice kind="success">{t(`account.${done.done}`)}</FormNotice>}
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
      <ChangePasswordForm errors={refusal?.intent === "change-password" ? refusal.errors : {}} />
      <TwoFactorSection enabled={loaderData.twoFactorEnabled} done={done ?? {}} refusal={refusal} />
    </AccountPage>
  );
}
