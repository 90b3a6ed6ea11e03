import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { NewsletterReplyMessage } from "~/components/newsletter/newsletter-reply";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { parseInput } from "~/lib/form-input";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { answerRefusals, refused } from "~/lib/refusal";
import { actorOf } from "~/modules/audit/audit.server";
import { subscribeSchema } from "~/modules/newsletter/subscribe-form";
import { subscribeReader } from "~/modules/newsletter/subscribe-reader.server";
import { requestContext } from "~/route-context.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["subscription"]) };
}

/** Where the short newsletter forms post; with JavaScript they stay on their page and show a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const checked = parseInput(subscribeSchema, await request.formData());
  if (!checked.ok) return refused(checked.errors);
  return answerRefusals(() => subscribeReader(services, checked.value, languageOf(params), actorOf({ clientIp }, request)));
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "newsletter", { noindex: true });

/** Without JavaScript a newsletter form lands here: the answer, and the form again. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  const localize = useLocalize();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-semibold">{t("pages:newsletter.heading")}</h1>
      {actionData && <NewsletterReplyMessage reply={actionData} />}
      <NewsletterForm source="newsletter-page" />
      <Link to={localize("/")} className="text-forest-700 underline">
        {t("result.back")}
      </Link>
    </div>
  );
}
