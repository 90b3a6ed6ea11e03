import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/sign-in-link";
import { EmailLinkRequest } from "~/components/accounts/email-link-request";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { answerLinkRequest } from "~/modules/accounts/link-requests.server";
import { requestContext } from "~/route-context.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["accounts"]) };
}

/** Asks for a one-time sign-in link; known and unknown addresses get the same answer. */
export function action({ request, context }: Route.ActionArgs) {
  return answerLinkRequest("signInLink", request, context.get(requestContext));
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signInLink", { noindex: true });

export default function SignInLink({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  return (
    <EmailLinkRequest pageKey="signInLink" texts="signInLink" reply={actionData}>
      <p>
        <Link to={localize("/sign-in")} className="font-semibold text-forest-700 underline">
          {t("signInLink.withPassword")}
        </Link>
      </p>
    </EmailLinkRequest>
  );
}
