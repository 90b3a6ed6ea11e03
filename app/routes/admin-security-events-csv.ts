import type { Route } from "./+types/admin-security-events-csv";
import { languageOf } from "~/i18n/languages";
import { parseInput } from "~/lib/form-input";
import { securityFilterSchema } from "~/modules/audit/filter-forms";
import { badFiltersResponse, csvResponse } from "~/modules/audit/csv-response.server";
import { exportSecurityEvents } from "~/modules/audit/security-export.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/**
 * The security events as a CSV download, with the page's severity and order as query parameters; bad
 * filters are a translated 400. The export is audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const parsed = parseInput(securityFilterSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(languageOf(params), parsed.errors);
  const { page: _page, ...filters } = parsed.value;
  const { csv } = await exportSecurityEvents(services.db, actor, filters, services.now());
  return csvResponse(csv, "security-events.csv");
}
