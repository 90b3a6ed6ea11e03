import { Download } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage, useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";
import type { Paged } from "~/lib/paging";
import type { AuditEntry } from "~/modules/audit/audit-log.server";
import { filterQuery, type FilterError } from "~/modules/audit/filters";
import { FilterActions } from "./filter-actions";
import { ListPagination } from "./list-pagination";
import { CodeName, DetailsCell, FromCell, WhenCell, WhoCell } from "./log-cells";
import { ResponsiveTable, type Column } from "./responsive-table";

/** An entry with its time written out in the page's language on the server, so both renders agree. */
export type AuditRow = AuditEntry & { when: string };

export interface AuditLogViewProps {
  /** What the form shows: the filters as typed. */
  form: { action: string; actor: string; from: string; to: string };
  error: FilterError | null;
  actions: string[];
  log: Paged<AuditRow> | null;
  exportLimit: number;
}

const PATH = "/admin/audit-log";
const inputClass = (invalid: boolean) => cn("mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base", invalid ? "border-alert" : "border-line");

function AuditFilters({ form, error, actions }: Pick<AuditLogViewProps, "form" | "error" | "actions">) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const options = form.action && !actions.includes(form.action) ? [form.action, ...actions] : actions;
  const dateInvalid = error === "invalidDate" || error === "dateOrder";
  const describedBy = (field: string, hint = false) => [hint ? `${field}-hint` : null, error ? "filter-error" : null].filter(Boolean).join(" ") || undefined;
  return (
    <Form method="get" action={localize(PATH)} className="rounded-2xl border border-line bg-white p-5 sm:p-6" aria-labelledby="audit-filters-title">
      <h2 id="audit-filters-title" className="text-xl font-semibold">
        {t("auditLog.filtersTitle")}
      </h2>
      {error && (
        <p id="filter-error" role="alert" className="mt-3 font-medium text-alert">
          {t(`filters.errors.${error}`)}
        </p>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="filter-action" className="font-semibold">
            {t("auditLog.action")}
          </label>
          <select id="filter-action" name="action" defaultValue={form.action} className={inputClass(false)}>
            <option value="">{t("auditLog.allActions")}</option>
            {options.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-actor" className="font-semibold">
            {t("auditLog.actor")}
          </label>
          <input
            id="filter-actor"
            name="actor"
            type="text"
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            defaultValue={form.actor}
            aria-invalid={error === "tooLong"}
            aria-describedby={describedBy("filter-actor", true)}
            className={inputClass(error === "tooLong")}
          />
          <p id="filter-actor-hint" className="mt-1 text-sm text-muted">
            {t("auditLog.actorHint")}
          </p>
        </div>
        <div>
          <label htmlFor="filter-from" className="font-semibold">
            {t("auditLog.from")}
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={form.from} aria-invalid={dateInvalid} aria-describedby={describedBy("filter-from")} className={inputClass(dateInvalid)} />
        </div>
        <div>
          <label htmlFor="filter-to" className="font-semibold">
            {t("auditLog.to")}
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={form.to} aria-invalid={dateInvalid} aria-describedby={describedBy("filter-to")} className={inputClass(dateInvalid)} />
        </div>
      </div>
      <FilterActions path={PATH} className="mt-5 flex flex-wrap items-center gap-3" />
    </Form>
  );
}

export function AuditLogView({ form, error, actions, log, exportLimit }: AuditLogViewProps) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  const filters = { action: form.action, actor: form.actor, from: form.from, to: form.to };
  const columns: Column<AuditRow>[] = [
    { key: "when", label: t("auditLog.columns.when"), cell: (row) => <WhenCell timestamp={row.timestamp} when={row.when} />, width: "12%" },
    { key: "action", label: t("auditLog.columns.action"), cell: (row) => <CodeName name={row.action} />, width: "16%" },
    { key: "actor", label: t("auditLog.columns.actor"), cell: (row) => <WhoCell email={row.email} userId={row.userId} nobody={t("auditLog.system")} />, width: "17%" },
    { key: "resource", label: t("auditLog.columns.resource"), cell: (row) => <span className="break-all">{row.resource}</span>, width: "16%" },
    { key: "from", label: t("auditLog.columns.from"), cell: (row) => <FromCell ip={row.ip} userAgent={row.userAgent} />, width: "16%" },
    { key: "details", label: t("auditLog.columns.details"), cell: (row) => <DetailsCell details={row.details} />, width: "23%" },
  ];
  return (
    <div className="flex flex-col gap-6">
      <AuditFilters form={form} error={error} actions={actions} />
      {log && (
        <section aria-labelledby="audit-results" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="audit-results" className="text-xl font-semibold">
                {t("list.count", { number: number.format(log.total) })}
              </h2>
              <p className="text-sm text-muted">{t("list.datesInUtc")}</p>
            </div>
            {log.total > 0 && (
              <a href={localize("/admin/audit-log.csv") + filterQuery(filters)} download className={buttonClass({ variant: "outline" })}>
                <Download aria-hidden="true" className="size-4" />
                {t("auditLog.export")}
              </a>
            )}
          </div>
          {log.total > 0 && (
            <p className="text-sm text-muted">
              {log.total > exportLimit ? t("auditLog.exportTruncated", { limit: number.format(exportLimit) }) : t("auditLog.exportNote", { limit: number.format(exportLimit) })}
            </p>
          )}
          {log.items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-white px-5 py-8 text-center text-muted">{t("list.empty")}</p>
          ) : (
            <ResponsiveTable caption={t("auditLog.caption")} columns={columns} rows={log.items} />
          )}
          <ListPagination page={log.page} pageCount={log.pageCount} hrefFor={(page) => localize(PATH) + filterQuery(filters, { page })} />
        </section>
      )}
    </div>
  );
}
