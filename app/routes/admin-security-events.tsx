import { data } from "react-router";
import type { Route } from "./+types/admin-security-events";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { SecurityEventsView } from "~/components/admin/security-events-view";
import { formatDateTime } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { querySecurityEvents } from "~/modules/audit/audit-log.server";
import { firstProblem, parseInput } from "~/lib/form-input";
import { securityFilterSchema, typedSecurityFilters } from "~/modules/audit/filter-forms";
import { FILTER_ERRORS } from "~/modules/audit/filters";
import { requestContext } from "~/route-context.server";

/** Security events, newest or most severe first, filtered by severity (a GET form), 50 a page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard"]);
  const query = new URL(request.url).searchParams;
  const parsed = parseInput(securityFilterSchema, query);
  if (!parsed.ok) {
    const view = { form: typedSecurityFilters(query), error: firstProblem(parsed.errors, FILTER_ERRORS) ?? null, events: null };
    return data({ i18n, refused: null, view }, { status: 400 });
  }
  const { page, ...filters } = parsed.value;
  const events = await querySecurityEvents(context.get(requestContext).services.db, filters, page);
  const items = events.items.map((event) => ({ ...event, when: formatDateTime(event.timestamp, language), lastWhen: formatDateTime(event.lastSeen, language) }));
  const view = { form: { severity: filters.severity ?? "", order: filters.order }, error: null, events: { ...events, items } };
  return { i18n, refused: null, view };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "security");

export default function AdminSecurityEvents({ loaderData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="security" refused={refused}>
      {view && <SecurityEventsView {...view} />}
    </AdminPage>
  );
}
