import type { Route } from "./+types/admin-audit-log-csv";
import { translatorFor } from "~/i18n/i18n";
import { languageOf } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { exportAuditLog } from "~/modules/audit/audit-log.server";
import { firstProblem, parseInput } from "~/lib/form-input";
import { auditFilterSchema } from "~/modules/audit/filter-forms";
import { FILTER_ERRORS } from "~/modules/audit/filters";
import { authorisedVisitor } from "~/modules/accounts/route-access.server";

/**
 * The filtered audit log as a CSV download (the page's filters as query parameters); bad filters are
 * a translated 400. The export is audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = authorisedVisitor(context);
  const parsed = parseInput(auditFilterSchema, new URL(request.url).searchParams);
  if (!parsed.ok) {
    const language = languageOf(params);
    const t = translatorFor(language, resourcesFor(language));
    return new Response(t(`dashboard:filters.errors.${firstProblem(parsed.errors, FILTER_ERRORS)}`), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { page: _page, ...filters } = parsed.value;
  const { csv } = await exportAuditLog(context.services.db, actor, filters, context.services.now());
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="audit-log.csv"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
