import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { PageHeader } from "~/components/layout/page-header";
import { ProfileForm } from "~/components/newsletter/profile-form";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { actorOf } from "~/modules/audit/audit.server";
import { parseInput, plainObject } from "~/lib/form-input";
import { PRIVATE_NO_STORE } from "~/lib/plain-answers";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { answerRefusals, refused } from "~/lib/refusal";
import { subscribeSchema } from "~/modules/newsletter/subscribe-form";
import { subscribeReader } from "~/modules/newsletter/subscribe-reader.server";
import { requestContext } from "~/route-context.server";

/** /subscribe: the complete-your-profile form; an address typed elsewhere arrives as ?email=. */
export function loader({ request, params }: Route.LoaderArgs) {
  const email = (new URL(request.url).searchParams.get("email") ?? "").slice(0, 254);
  const page = { i18n: pageResourcesFor(languageOf(params), ["subscription"]), email };
  // A page showing a reader's address is theirs alone: never kept by the page cache or a CDN.
  return email ? data(page, { headers: { "Cache-Control": PRIVATE_NO_STORE } }) : page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const checked = parseInput(subscribeSchema, { ...plainObject(await request.formData()), source: "subscribe-page" });
  if (!checked.ok) return refused(checked.errors);
  return answerRefusals(() => subscribeReader(services, checked.value, languageOf(params), actorOf({ clientIp }, request)));
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
