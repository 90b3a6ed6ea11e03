import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/components/lib/cn";
import type { SubscriberStats } from "~/modules/newsletter/subscriber-admin.server";
import { ShareBars } from "./share-bars";
import { useNumber } from "./use-number";

/** The stats with each month's labels written on the server, so both renders agree. */
export interface SubscriberStatsData extends Omit<SubscriberStats, "months"> {
  months: Array<SubscriberStats["months"][number] & { narrow: string; short: string; full: string }>;
}

function Counts({ stats }: { stats: SubscriberStatsData }) {
  const { t } = useTranslation("dashboard");
  const number = useNumber();
  const items = [
    { key: "total", value: stats.total, accent: "text-ink" },
    { key: "confirmed", value: stats.confirmed, accent: "text-forest-700" },
    { key: "waiting", value: stats.waiting, accent: "text-gold-700" },
    { key: "unsubscribed", value: stats.unsubscribed, accent: "text-muted" },
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.key} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
          <dt className="text-sm font-semibold text-muted">{t(`subscribers.counts.${item.key}`)}</dt>
          <dd className={cn("mt-1 font-serif text-2xl font-semibold sm:text-3xl", item.accent)}>{number(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * New subscribers per month as CSS columns (drawn on the server, no chart library), with the same
 * numbers as a table for screen readers and anyone who wants them; the columns themselves are hidden
 * from assistive technology.
 */
function GrowthChart({ months }: { months: SubscriberStatsData["months"] }) {
  const { t } = useTranslation("dashboard");
  const number = useNumber();
  const highest = Math.max(1, ...months.map((month) => month.count));
  const sum = months.reduce((total, month) => total + month.count, 0);
  const range = { from: months[0]?.full ?? "", to: months[months.length - 1]?.full ?? "" };
  return (
    <figure className="flex min-w-0 flex-col rounded-2xl border border-line bg-white p-5 sm:p-6" aria-labelledby="growth-title">
      <h3 id="growth-title" className="text-lg font-semibold">
        {t("subscribers.growth.title")}
      </h3>
      <figcaption className="text-sm text-muted">{t("subscribers.growth.caption", { number: number(sum), ...range })}</figcaption>
      <div aria-hidden="true" className="mt-5 flex h-44 items-end gap-1 border-b border-line sm:h-52 sm:gap-2">
        {months.map((month) => (
          <div key={month.month} title={`${month.full}: ${number(month.count)}`} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            <span className="mb-1 hidden text-[0.7rem] leading-none text-muted tabular-nums md:block">{month.count > 0 ? number(month.count) : ""}</span>
            <div className="w-full rounded-t-md bg-forest-700" style={{ height: `${(month.count / highest) * 85}%` }} />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
        {months.map((month) => (
          <span key={month.month} className="min-w-0 flex-1 truncate text-center text-xs text-muted">
            <span className="sm:hidden">{month.narrow}</span>
            <span className="hidden sm:inline">{month.short}</span>
          </span>
        ))}
      </div>
      <details className="mt-4 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-forest-700">{t("subscribers.growth.showTable")}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t("subscribers.growth.title")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 font-semibold">
                {t("subscribers.growth.month")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t("subscribers.growth.newSubscribers")}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} className="border-b border-line/60 last:border-0">
                <th scope="row" className="py-1.5 font-normal">
                  {month.full}
                </th>
                <td className="py-1.5 text-right tabular-nums">{number(month.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Sign-ups by the form they came from: each a line with its number, share and a bar. */
function Sources({ sources, total }: { sources: SubscriberStatsData["sources"]; total: number }) {
  const { t } = useTranslation("dashboard");
  const shares = sources.map((source) => ({ key: source.source, label: t(`subscribers.sources.${source.source}`, { defaultValue: source.source }), count: source.count }));
  return (
    <section aria-labelledby="sources-title" className="min-w-0 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h3 id="sources-title" className="text-lg font-semibold">
        {t("subscribers.sourcesTitle")}
      </h3>
      {sources.length === 0 ? <p className="mt-2 text-sm text-muted">{t("subscribers.sourcesEmpty")}</p> : <ShareBars shares={shares} total={total} />}
    </section>
  );
}

/** The overview above the list: the counts, sign-ups per month, and where subscribers signed up. */
export function SubscriberStatsPanel({ stats }: { stats: SubscriberStatsData }) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="subscriber-overview" className="flex flex-col gap-4">
      <h2 id="subscriber-overview" className="text-xl font-semibold">
        {t("subscribers.overviewTitle")}
      </h2>
      <Counts stats={stats} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <GrowthChart months={stats.months} />
        <Sources sources={stats.sources} total={stats.total} />
      </div>
    </section>
  );
}
