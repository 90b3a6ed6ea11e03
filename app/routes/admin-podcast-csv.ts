import type { Route } from "./+types/admin-podcast-csv";
import { translatorFor } from "~/i18n/i18n";
import { languageOf } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { firstProblem, parseInput } from "~/lib/form-input";
import { LISTENS_QUERY_ERRORS, listenPeriodSchema } from "~/modules/podcast/listen-period";
import { exportListens } from "~/modules/podcast/listen-export.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/**
 * The listens of all episodes in the last 30 or 90 days (`?days=`) as `listens-<days>-days.csv`; another
 * period is a translated 400. Refusals are plain text ('Access Denied' …) with no data. The export is audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const language = languageOf(params);
  const parsed = parseInput(listenPeriodSchema, new URL(request.url).searchParams);
  if (!parsed.ok) {
    const t = translatorFor(language, resourcesFor(language));
    return new Response(t(`listens:errors.${firstProblem(parsed.errors, LISTENS_QUERY_ERRORS) ?? "invalidPeriod"}`), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { days } = parsed.value;
  const { csv } = await exportListens(services.db, actor, language, services.now(), days);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="listens-${days}-days.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
