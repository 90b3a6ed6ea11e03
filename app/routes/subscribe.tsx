import { useTranslation } from "react-i18next";
import type { Route } from "./+types/subscribe";
import { PageHeader } from "~/components/layout/page-header";
import { ProfileForm } from "~/components/newsletter/profile-form";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { subscribeFromForm } from "./newsletter-subscribe.server";

/** /subscribe: the complete-your-profile form; an address typed elsewhere arrives as ?email=. */
export function loader({ request, params }: Route.LoaderArgs) {
  const email = (new URL(request.url).searchParams.get("email") ?? "").slice(0, 254);
  return { i18n: pageResourcesFor(languageOf(params), ["subscription"]), email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return subscribeFromForm(request, params, context, "subscribe-page");
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "subscribe");

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  return (
    <>
      <PageHeader pageKey="subscribe" />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <p className="mb-8 text-lg text-muted">{t("profile.intro")}</p>
        <ProfileForm reply={actionData} email={loaderData.email} />
      </div>
    </>
  );
}
