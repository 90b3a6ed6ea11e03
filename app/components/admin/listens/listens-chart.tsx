import { useTranslation } from "~/i18n/use-translation";
import { LISTENER_APPS } from "~/modules/podcast/listener-app";
import { useNumber } from "~/components/admin/use-number";
import type { LabelledDay } from "./listens-format";

const BAR = 10;
const HEIGHT = 100;

/**
 * Listens per day as an SVG bar chart drawn on the server (no chart library): one bar a day, scaled to
 * the busiest day, stretched to the width of the page. The SVG is one image with a summary for
 * screen readers; the numbers themselves, by day and app, are in the table below it.
 */
function Bars({ days, highest, label }: { days: LabelledDay[]; highest: number; label: string }) {
  const number = useNumber();
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="mt-4 block h-40 w-full text-forest-700 sm:h-52"
    >
      {[0.5, 1].map((share) => (
        <line key={share} x1="0" x2={days.length * BAR} y1={HEIGHT - share * (HEIGHT - 4)} y2={HEIGHT - share * (HEIGHT - 4)} className="stroke-line" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
      ))}
      {days.map((day, index) => {
        const height = highest ? (day.listens / highest) * (HEIGHT - 4) : 0;
        return (
          <rect key={day.day} x={index * BAR + 1.5} width={BAR - 3} y={HEIGHT - height} height={height} rx="1" fill="currentColor">
            <title>{`${day.full}: ${number(day.listens)}`}</title>
          </rect>
        );
      })}
      <line x1="0" x2={days.length * BAR} y1={HEIGHT} y2={HEIGHT} className="stroke-ink/40" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

/** The same numbers as a table: a row per day (newest first), a column per app; it scrolls sideways on phones. */
function DaysTable({ days }: { days: LabelledDay[] }) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  return (
    <details className="mt-4 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-forest-700">{t("chart.showTable")}</summary>
      {/* A scrolling region that keyboard users can reach and scroll. */}
      <div className="mt-2 overflow-x-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label={t("chart.caption")}>
        <table className="w-full min-w-[44rem] text-left">
          <caption className="sr-only">{t("chart.caption")}</caption>
          <thead className="bg-sand/60">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">{t("chart.day")}</th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">{t("chart.total")}</th>
              {LISTENER_APPS.map((app) => (
                <th key={app} scope="col" className="px-3 py-2 text-right font-semibold">{t(`apps.names.${app}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day} className="border-t border-line/60">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">{day.full}</th>
                <td className="px-3 py-1.5 text-right font-semibold tabular-nums">{number(day.listens)}</td>
                {LISTENER_APPS.map((app) => (
                  <td key={app} className="px-3 py-1.5 text-right tabular-nums">{number(day.byApp[app])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Listens per day for the period: the chart with its first, middle and last day, then the table. */
export function ListensChart({ days, total }: { days: LabelledDay[]; total: number }) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  const highest = Math.max(0, ...days.map((day) => day.listens));
  const first = days[0];
  const last = days[days.length - 1];
  const middle = days[Math.floor(days.length / 2)];
  const label = t("chart.label", { from: first?.full ?? "", to: last?.full ?? "", number: number(total), highest: number(highest) });
  return (
    <section aria-labelledby="listens-chart-title" className="min-w-0 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listens-chart-title" className="text-lg font-semibold">{t("chart.title")}</h2>
        <p className="text-sm text-muted">{t("chart.highest", { number: number(highest) })}</p>
      </div>
      <Bars days={days} highest={highest} label={label} />
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted">
        <span>{first?.short}</span>
        <span>{middle?.short}</span>
        <span>{last?.short}</span>
      </div>
      <DaysTable days={days} />
    </section>
  );
}
