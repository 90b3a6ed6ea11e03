import type { Route } from "./+types/forgot-password";
import { EmailLinkRequest } from "~/components/accounts/email-link-request";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { answerLinkRequest } from "~/modules/accounts/link-requests.server";
import { requestContext } from "~/route-context.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

/** Asks for a reset link; known and unknown addresses get the same answer. */
export function action({ request, context }: Route.ActionArgs) {
  return answerLinkRequest("reset", request, context.get(requestContext));
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "forgotPassword", { noindex: true });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <EmailLinkRequest pageKey="forgotPassword" texts="forgot" reply={actionData} />;
}
