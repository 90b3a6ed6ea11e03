import { Download, Search } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { FormNotice } from "~/components/ui/form-field";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage, useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";
import { filterQuery } from "~/modules/audit/filters";
import type { ConfirmationMailState, SubscriberListItem } from "~/modules/newsletter/subscriber-admin.server";
import { ListPagination } from "./list-pagination";
import { WhenCell } from "./log-cells";
import { ResponsiveTable, type Column } from "./responsive-table";
import { SubscriberStatsPanel, type SubscriberStatsData } from "./subscriber-stats";
import { SyncBacklog, SyncButton } from "./subscriber-sync";
import { MailStopped } from "./subscriber-mail-stop";
import { ResendButton } from "./subscriber-resend";

/** A subscriber with the sign-up time (and their confirmation mail's) written out in the page's language on the server. */
export type SubscriberRow = Omit<SubscriberListItem, "mail"> & { when: string; mail: (ConfirmationMailState & { when: string }) | null };

export interface SubscribersViewProps {
  query: string;
  error: "fetchFailed" | "tooLong" | "invalidPage" | null;
  list: { items: SubscriberRow[]; total: number; more: boolean; page: number; pageCount: number };
  stats: SubscriberStatsData | null;
  /** Subscribers still to be sent to MailerLite; null without MAILERLITE_API_KEY. */
  providerWaiting: number | null;
}

const PATH = "/admin/subscribers";

const STATUS_STYLES: Record<SubscriberRow["status"], string> = {
  confirmed: "bg-forest-100 text-forest-900",
  waiting: "bg-gold-300/50 text-ink",
  unsubscribed: "bg-sand text-muted",
};

function SearchForm({ query, invalid }: { query: string; invalid: boolean }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  return (
    <Form method="get" action={localize(PATH)} role="search" className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <label htmlFor="subscriber-search" className="font-semibold">
        {t("subscribers.search.label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="subscriber-search"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={254}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="subscriber-search-hint"
          aria-invalid={invalid}
          className={cn("min-h-11 min-w-0 flex-1 basis-64 rounded-full border bg-white px-4 text-base lg:max-w-xl", invalid ? "border-alert" : "border-line")}
        />
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          <Search aria-hidden="true" className="size-4" />
          {t("subscribers.search.submit")}
        </button>
        {query && (
          <Link to={localize(PATH)} className={buttonClass({ variant: "ghost" })}>
            {t("subscribers.search.clear")}
          </Link>
        )}
      </div>
      <p id="subscriber-search-hint" className="text-sm text-muted">
        {t("subscribers.search.hint")}
      </p>
    </Form>
  );
}

/** An address that wraps before its @ when it must, rather than mid-word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white px-5 py-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mx-auto mt-2 max-w-prose text-muted">{text}</p>
    </div>
  );
}

/** What became of the latest confirmation mail: queued, sent, or failed (for now or for good) with the mail server's reason. */
function MailState({ mail }: { mail: NonNullable<SubscriberRow["mail"]> }) {
  const { t } = useTranslation("dashboard");
  const failed = mail.state === "failed" || mail.state === "retrying";
  return (
    <p className={cn("text-sm", failed ? "text-alert" : "text-muted")}>
      <span className="block">{t(`subscribers.mail.${mail.state}`, { when: mail.when })}</span>
      {failed && mail.error && <span className="block wrap-anywhere">{mail.error}</span>}
    </p>
  );
}

export function SubscribersView({ query, error, list, stats, providerWaiting }: SubscribersViewProps) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  const name = (value: string | null) => value ?? <span className="text-muted">—</span>;
  const columns: Column<SubscriberRow>[] = [
    { key: "email", label: t("subscribers.columns.email"), cell: (row) => <Email address={row.email} />, width: "28%" },
    { key: "firstName", label: t("subscribers.columns.firstName"), cell: (row) => name(row.firstName), width: "13%" },
    { key: "lastName", label: t("subscribers.columns.lastName"), cell: (row) => name(row.lastName), width: "13%" },
    { key: "source", label: t("subscribers.columns.source"), cell: (row) => t(`subscribers.sources.${row.source}`, { defaultValue: row.source }), width: "15%" },
    { key: "date", label: t("subscribers.columns.date"), cell: (row) => <WhenCell timestamp={row.createdAt} when={row.when} />, width: "17%" },
    {
      key: "status",
      label: t("subscribers.columns.status"),
      cell: (row) => (
        <div className="flex flex-col items-start gap-1.5">
          <span className={cn("inline-block rounded-2xl px-3 py-0.5 text-sm font-semibold", STATUS_STYLES[row.status])}>{t(`subscribers.status.${row.status}`)}</span>
          {row.mail && <MailState mail={row.mail} />}
          {row.status === "waiting" && <ResendButton subscriberId={row.id} email={row.email} />}
          {row.mailStop && <MailStopped subscriberId={row.id} email={row.email} stop={row.mailStop} />}
        </div>
      ),
      width: "14%",
    },
  ];
  const heading = query
    ? t(list.more ? "subscribers.matchesMore" : "subscribers.matches", { number: number.format(list.total), query })
    : t("subscribers.count", { number: number.format(list.total) });
  return (
    <div className="flex flex-col gap-8">
      <SearchForm query={query} invalid={error === "tooLong"} />
      {stats && <SubscriberStatsPanel stats={stats} />}
      <section aria-labelledby="subscriber-results" className="flex flex-col gap-4">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <h2 id="subscriber-results" className="text-xl font-semibold wrap-anywhere">
              {heading}
            </h2>
            <p className="text-sm text-muted">{t("list.datesInUtc")}</p>
          </div>
          <div className="flex flex-col gap-2 lg:max-w-md lg:items-end">
            <div className="flex flex-wrap gap-2">
              <SyncButton />
              <a href={localize("/admin/subscribers.csv")} className={buttonClass({ variant: "outline" })}>
                <Download aria-hidden="true" className="size-4" />
                {t("subscribers.export")}
              </a>
            </div>
            <p id="sync-hint" className="text-sm text-muted lg:text-right">
              {t("subscribers.toolsHint")}
            </p>
            {providerWaiting ? <SyncBacklog waiting={providerWaiting} /> : null}
          </div>
        </div>
        {error === "fetchFailed" && <FormNotice kind="error">{t("subscribers.errors.fetchFailed")}</FormNotice>}
        {(error === "tooLong" || error === "invalidPage") && <FormNotice kind="error">{t(`filters.errors.${error}`)}</FormNotice>}
        {list.items.length === 0 && !error ? (
          query ? (
            <Empty title={t("subscribers.noMatch")} text={t("subscribers.noMatchText", { query })} />
          ) : (
            <Empty title={t("subscribers.empty")} text={t("subscribers.emptyText")} />
          )
        ) : (
          list.items.length > 0 && <ResponsiveTable caption={t("subscribers.caption")} columns={columns} rows={list.items} />
        )}
        {list.more && list.page === list.pageCount && <p className="text-sm text-muted">{t("subscribers.narrow")}</p>}
        <ListPagination page={list.page} pageCount={list.pageCount} hrefFor={(page) => localize(PATH) + filterQuery({ q: query || null }, page > 1 ? { page } : {})} />
      </section>
    </div>
  );
}
