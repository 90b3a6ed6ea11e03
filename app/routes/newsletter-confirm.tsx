import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { buttonClass } from "~/components/ui/button-styles";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { confirmSubscription } from "~/modules/newsletter/subscriptions.server";

/** The double opt-in link of the confirmation mail: it works once. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { db, now } = context.services;
  const confirmed = await confirmSubscription(db, token, now());
  if (confirmed) context.services.wakeOutbox?.();
  const i18n = pageResourcesFor(languageOf(params), ["subscription"]);
  return data({ i18n, confirmed }, { status: confirmed ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "newsletterConfirm", { noindex: true });

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  const localize = useLocalize();
  const key = loaderData.confirmed ? "done" : "invalid";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-semibold">{t(`confirm.${key}Title`)}</h1>
      <p className="mt-4 text-lg text-muted">{t(`confirm.${key}Text`)}</p>
      <Link to={localize(loaderData.confirmed ? "/blog" : "/subscribe")} className={buttonClass({ className: "mt-8" })}>
        {loaderData.confirmed ? t("pages:blog.title") : t("profile.submit")}
      </Link>
    </div>
  );
}
