import { useTranslation } from "~/i18n/use-translation";
import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { buttonClass } from "~/components/ui/button-styles";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { MAILED_LINK_HEADERS, mailedLinkHeaders } from "~/lib/mailed-link-headers";
import { findSubscription, unsubscribe } from "~/modules/newsletter/subscriptions.server";
import { requestContext } from "~/route-context.server";

/** GET shows a confirmation (mail scanners that open links unsubscribe nobody); an unknown token gets a neutral page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const subscription = await findSubscription(context.get(requestContext).services.db, params.token);
  const i18n = pageResourcesFor(languageOf(params), ["subscription"]);
  return data({ i18n, email: subscription?.email ?? null, done: false }, { headers: MAILED_LINK_HEADERS });
}

/**
 * POST unsubscribes: from the page's button, or the mail client's RFC 8058 one-click request (which
 * carries no Origin; the token is the authority, see server/same-origin.ts). The answer is the same
 * whether or not the token was known.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { db, now } = services;
  if (await unsubscribe(db, params.token, now())) services.outbox.wake();
  return data({ done: true }, { headers: MAILED_LINK_HEADERS });
}

export const headers = mailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "unsubscribe", { noindex: true });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  const done = Boolean(actionData?.done);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-semibold">{done ? t("unsubscribe.doneTitle") : t("unsubscribe.title")}</h1>
      {done ? (
        <p role="status" className="mt-4 text-lg text-muted">{t("unsubscribe.doneText")}</p>
      ) : loaderData.email ? (
        <Form method="post" className="mt-6 flex flex-col items-start gap-6">
          <p className="text-lg">{t("unsubscribe.question", { email: loaderData.email })}</p>
          <button type="submit" className={buttonClass()}>{t("unsubscribe.button")}</button>
        </Form>
      ) : (
        <p className="mt-4 text-lg text-muted">{t("unsubscribe.neutral")}</p>
      )}
    </div>
  );
}
