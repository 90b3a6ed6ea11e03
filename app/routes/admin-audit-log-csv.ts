import type { Route } from "./+types/admin-audit-log-csv";
import { languageOf } from "~/i18n/languages";
import { exportAuditLog } from "~/modules/audit/audit-log.server";
import { parseInput } from "~/lib/form-input";
import { auditFilterSchema } from "~/modules/audit/filter-forms";
import { badFiltersResponse, csvResponse } from "~/modules/audit/csv-response.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/**
 * The filtered audit log as a CSV download (the page's filters as query parameters); bad filters are
 * a translated 400. The export is audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const parsed = parseInput(auditFilterSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(languageOf(params), parsed.errors);
  const { page: _page, ...filters } = parsed.value;
  const { csv } = await exportAuditLog(services.db, actor, filters, services.now());
  return csvResponse(csv, "audit-log.csv");
}
