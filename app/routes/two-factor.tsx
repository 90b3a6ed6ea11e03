import { useTranslation } from "~/i18n/use-translation";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/two-factor";
import { AccountPage } from "~/components/accounts/account-page";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { parseInput, type FieldErrors } from "~/lib/form-input";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { refused } from "~/lib/refusal";
import { currentSession } from "~/modules/accounts/accounts.server";
import { twoFactorCodeSchema } from "~/modules/accounts/credential-forms";
import { answerTwoFactorChallenge, pendingTwoFactorUser } from "~/modules/accounts/two-factor.server";
import { actorOf } from "~/modules/audit/audit.server";
import { requestContext } from "~/route-context.server";

/** The second step of signing in, after the password or a mailed link (?via=link, for the audit). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { auth, now } = context.get(requestContext).services;
  if (await currentSession(auth, request)) throw redirect(localizePath("/account", language));
  return { i18n: pageResourcesFor(language, ["accounts"]), pending: Boolean(await pendingTwoFactorUser(auth, request, now())) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const language = languageOf(params);
  const { auth, db } = services;
  if (await currentSession(auth, request)) throw redirect(localizePath("/account", language));
  const checked = parseInput(twoFactorCodeSchema, await request.formData());
  if (!checked.ok) return refused(checked.errors);
  const method = new URL(request.url).searchParams.get("via") === "link" ? "magic_link" : "password";
  const outcome = await answerTwoFactorChallenge({ auth, db, now: services.now() }, { code: checked.value.code, method }, request, actorOf({ clientIp }, request));
  if (outcome.ok) throw redirect(localizePath("/account", language), { headers: outcome.headers });
  if (outcome.error === "tooMany") return tooManyAttempts({}, outcome.retryAfterSeconds ?? 10);
  return refused({ form: outcome.error }, { status: 401 });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "twoFactor", { noindex: true });

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const submitting = useNavigation().state === "submitting";
  const errors: FieldErrors<"code"> = actionData?.errors ?? {};
  const expired = !loaderData.pending || errors.form === "challengeExpired";
  return (
    <AccountPage pageKey="twoFactor">
      {expired ? (
        <FormNotice kind="error">{t("errors.challengeExpired")}</FormNotice>
      ) : (
        <>
          {errors.form && <FormNotice kind="error">{t(`errors.${errors.form}`)}</FormNotice>}
          <p>{t("twoFactorChallenge.intro")}</p>
          <Form method="post" noValidate className="flex flex-col gap-5">
            <FormField id="two-factor-code" name="code" autoComplete="one-time-code" required label={t("twoFactorChallenge.code")} error={errors.code ? t(`errors.${errors.code}`) : undefined} />
            <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
              {submitting ? t("twoFactorChallenge.submitting") : t("twoFactorChallenge.submit")}
            </button>
          </Form>
        </>
      )}
      <p>
        <Link to={localize("/sign-in")} className="font-semibold text-forest-700 underline">
          {t("twoFactorChallenge.signInAgain")}
        </Link>
      </p>
    </AccountPage>
  );
}
