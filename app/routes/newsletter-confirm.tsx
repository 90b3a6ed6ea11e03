import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/newsletter-confirm";
import { buttonClass } from "~/components/ui/button-styles";
import { LinkConfirmForm } from "~/components/ui/link-confirm-form";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { MAILED_LINK_HEADERS, mailedLinkHeaders, tokenInForm, tokenInUrl } from "~/lib/mailed-link-headers";
import { refused } from "~/lib/refusal";
import { confirmSubscription } from "~/modules/newsletter/subscriptions.server";
import { requestContext } from "~/route-context.server";

/** The double opt-in link of the confirmation mail. Opening it only shows the button: it confirms nothing. */
export function loader({ request, params }: Route.LoaderArgs) {
  const token = tokenInUrl(request);
  const i18n = pageResourcesFor(languageOf(params), ["subscription"]);
  return data({ i18n, token }, { status: token ? 200 : 400, headers: MAILED_LINK_HEADERS });
}

/** The button: a valid, unused token confirms the subscription, once. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { db, now } = services;
  const confirmed = await confirmSubscription(db, await tokenInForm(request), now());
  if (!confirmed) return refused({ form: "invalid" }, { headers: MAILED_LINK_HEADERS });
  services.outbox.wake();
  // The status is explicit: without it React Router answers with the loader's, which runs again after the
  // action on the form's address, without `?token`, and says 400.
  return data({ ok: true as const }, { status: 200, headers: MAILED_LINK_HEADERS });
}

export const headers = mailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "newsletterConfirm", { noindex: true });

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  const localize = useLocalize();
  if (loaderData.token && !actionData) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-4xl font-semibold">{t("confirm.pendingTitle")}</h1>
        <p className="mb-8 mt-4 text-lg text-muted">{t("confirm.pendingText")}</p>
        <LinkConfirmForm token={loaderData.token} label={t("confirm.button")} pendingLabel={t("confirm.submitting")} />
      </div>
    );
  }
  const confirmed = actionData?.ok === true;
  const key = confirmed ? "done" : "invalid";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-semibold">{t(`confirm.${key}Title`)}</h1>
      <p role={actionData ? "status" : undefined} className="mt-4 text-lg text-muted">{t(`confirm.${key}Text`)}</p>
      <Link to={localize(confirmed ? "/blog" : "/subscribe")} className={buttonClass({ className: "mt-8" })}>
        {confirmed ? t("pages:blog.title") : t("profile.submit")}
      </Link>
    </div>
  );
}
