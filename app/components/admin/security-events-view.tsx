import { Download } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage, useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";
import type { Paged } from "~/lib/paging";
import type { SecurityEvent } from "~/modules/audit/audit-log.server";
import { filterQuery, SECURITY_ORDERS, SEVERITIES, type FilterError } from "~/modules/audit/filters";
import { FilterActions } from "./filter-actions";
import { ListPagination } from "./list-pagination";
import { CodeName, DetailsCell, FromCell, WhenCell, WhoCell } from "./log-cells";
import { ResponsiveTable, type Column } from "./responsive-table";

type Severity = (typeof SEVERITIES)[number];

/** An event with its first and last times written out in the page's language on the server. */
export type SecurityRow = SecurityEvent & { when: string; lastWhen: string };

export interface SecurityEventsViewProps {
  form: { severity: string; order: string };
  error: FilterError | null;
  events: Paged<SecurityRow> | null;
}

const PATH = "/admin/security-events";

const BADGE: Record<Severity, string> = {
  low: "border-line bg-paper text-ink",
  medium: "border-gold-700 bg-gold-300/40 text-ink",
  high: "border-alert bg-white text-alert",
  critical: "border-alert bg-alert text-white",
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation("dashboard");
  return <span className={cn("inline-flex rounded-full border px-3 py-0.5 text-sm font-semibold whitespace-nowrap", BADGE[severity])}>{t(`security.severities.${severity}`)}</span>;
}

/** The first time, and for a counted row the last one too. */
function RepeatWhen({ row }: { row: SecurityRow }) {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <WhenCell timestamp={row.timestamp} when={row.when} />
      {row.count > 1 && (
        <time dateTime={row.lastSeen} className="block text-xs text-muted">
          {t("security.lastSeen", { when: row.lastWhen })}
        </time>
      )}
    </>
  );
}

/** The event's name, and for a counted row how many events it stands for ("×3,204"). */
function EventName({ row, number }: { row: SecurityRow; number: Intl.NumberFormat }) {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <CodeName name={row.type} />
      {row.count > 1 && (
        <span className="mt-1 block w-fit rounded-full bg-gold-300/40 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap">
          <span aria-hidden="true">{t("security.times", { number: number.format(row.count) })}</span>
          <span className="sr-only">{t("security.timesLabel", { number: number.format(row.count) })}</span>
        </span>
      )}
    </>
  );
}

export function SecurityEventsView({ form, error, events }: SecurityEventsViewProps) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  const filters = { severity: form.severity, order: form.order === "newest" ? "" : form.order };
  const columns: Column<SecurityRow>[] = [
    { key: "when", label: t("security.columns.when"), cell: (row) => <RepeatWhen row={row} />, width: "13%" },
    { key: "severity", label: t("security.columns.severity"), cell: (row) => <SeverityBadge severity={row.severity} />, width: "12%" },
    { key: "event", label: t("security.columns.event"), cell: (row) => <EventName row={row} number={number} />, width: "19%" },
    { key: "user", label: t("security.columns.user"), cell: (row) => <WhoCell email={row.email} userId={row.userId} nobody={t("security.anonymous")} />, width: "16%" },
    { key: "from", label: t("security.columns.from"), cell: (row) => (row.manySources ? <span className="text-muted">{t("security.manySources")}</span> : <FromCell ip={row.ip} userAgent={row.userAgent} />), width: "17%" },
    { key: "details", label: t("security.columns.details"), cell: (row) => <DetailsCell details={row.details} />, width: "23%" },
  ];
  return (
    <div className="flex flex-col gap-6">
      <Form method="get" action={localize(PATH)} className="flex flex-wrap items-end gap-4 rounded-2xl border border-line bg-white p-5 sm:p-6">
        <div className="w-full sm:w-64">
          <label htmlFor="filter-severity" className="font-semibold">
            {t("security.severity")}
          </label>
          <select
            id="filter-severity"
            name="severity"
            defaultValue={form.severity}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "filter-error" : undefined}
            className={cn("mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base", error ? "border-alert" : "border-line")}
          >
            <option value="">{t("security.allSeverities")}</option>
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`security.severities.${severity}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="w-full sm:w-64">
          <label htmlFor="filter-order" className="font-semibold">
            {t("security.order")}
          </label>
          <select id="filter-order" name="order" defaultValue={form.order || "newest"} className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-2.5 text-base">
            {SECURITY_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`security.orders.${order}`)}
              </option>
            ))}
          </select>
        </div>
        <FilterActions path={PATH} className="flex flex-wrap gap-3" />
        {error && (
          <p id="filter-error" role="alert" className="w-full font-medium text-alert">
            {t(`filters.errors.${error}`)}
          </p>
        )}
      </Form>
      {events && (
        <section aria-labelledby="security-results" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="security-results" className="text-xl font-semibold">
                {t("list.count", { number: number.format(events.total) })}
              </h2>
              <p className="text-sm text-muted">{t("list.datesInUtc")}</p>
            </div>
            {events.total > 0 && (
              <a href={localize(`${PATH}.csv`) + filterQuery(filters)} download className={buttonClass({ variant: "outline" })}>
                <Download aria-hidden="true" className="size-4" />
                {t("security.export")}
              </a>
            )}
          </div>
          {events.items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-white px-5 py-8 text-center text-muted">{t("list.empty")}</p>
          ) : (
            <ResponsiveTable caption={t("security.caption")} columns={columns} rows={events.items} />
          )}
          <ListPagination page={events.page} pageCount={events.pageCount} hrefFor={(page) => localize(PATH) + filterQuery(filters, { page })} />
        </section>
      )}
    </div>
  );
}
