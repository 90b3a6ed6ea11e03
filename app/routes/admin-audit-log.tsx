import { data } from "react-router";
import type { Route } from "./+types/admin-audit-log";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { AuditLogView } from "~/components/admin/audit-log-view";
import { formatDateTime } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { auditActions, EXPORT_LIMIT, queryAuditLog, recordAuditViewed } from "~/modules/audit/audit-log.server";
import { firstProblem, parseInput } from "~/lib/form-input";
import { auditFilterSchema, typedAuditFilters } from "~/modules/audit/filter-forms";
import { FILTER_ERRORS } from "~/modules/audit/filters";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** The audit log: filters in the URL (a GET form), 50 entries a page, newest first. Viewing it is audited. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard"]);
  const { actor } = authorisedVisitor(context);
  const { db, now } = context.get(requestContext).services;
  const query = new URL(request.url).searchParams;
  const parsed = parseInput(auditFilterSchema, query);
  const actions = await auditActions(db);
  if (!parsed.ok) {
    const error = firstProblem(parsed.errors, FILTER_ERRORS) ?? null;
    return data({ i18n, refused: null, view: { form: typedAuditFilters(query), error, actions, log: null, exportLimit: EXPORT_LIMIT } }, { status: 400 });
  }
  const { page, ...filters } = parsed.value;
  const log = await queryAuditLog(db, filters, page);
  await recordAuditViewed(db, actor, filters, log.page, now());
  const form = { action: filters.action ?? "", actor: filters.actor ?? "", from: filters.from ?? "", to: filters.to ?? "" };
  const items = log.items.map((entry) => ({ ...entry, when: formatDateTime(entry.timestamp, language) }));
  return { i18n, refused: null, view: { form, error: null, actions, log: { ...log, items }, exportLimit: EXPORT_LIMIT } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "auditLog");

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="auditLog" refused={refused}>
      {view && <AuditLogView {...view} />}
    </AdminPage>
  );
}
