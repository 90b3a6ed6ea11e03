import { Download } from "lucide-react";
import { buttonClass } from "~/components/ui/button-styles";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalize } from "~/i18n/root-data";
import { ListensApps } from "./listens-apps";
import { ListensChart } from "./listens-chart";
import { ListensEpisodes } from "./listens-episodes";
import { EpisodeFilter, LISTENS_PATH, PeriodSwitch } from "./listens-filter";
import { useNumber } from "~/components/admin/use-number";
import type { ListensViewProps } from "./listens-format";

function Export({ period }: { period: ListensViewProps["period"] }) {
  const { t } = useTranslation("listens");
  const localize = useLocalize();
  return (
    <section aria-labelledby="listens-export-title" className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <div className="min-w-0 max-w-xl">
        <h2 id="listens-export-title" className="text-lg font-semibold">{t("export.title")}</h2>
        <p className="mt-1 text-sm text-muted">{t("export.text")}</p>
      </div>
      <a href={`${localize(`${LISTENS_PATH}/listens.csv`)}?days=${period}`} download className={buttonClass({ variant: "outline" })}>
        <Download aria-hidden="true" className="size-4" />
        {t("export.button")}
      </a>
    </section>
  );
}

/** The listens report: the period, what was counted, listens per day and per app, per episode, and the CSV. */
export function ListensView({ period, error, report }: ListensViewProps) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  return (
    <div className="flex flex-col gap-6">
      {error && (
        <p role="alert" className="rounded-2xl border border-alert bg-white p-4 font-semibold text-alert">
          {t(`errors.${error}`)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="font-serif text-xl font-semibold sm:text-2xl">
            {t(report.episode ? "summaryEpisode" : "summary", { count: report.total, number: number(report.total), title: report.episode?.title, from: report.from, to: report.to })}
          </p>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t("howCounted")}</p>
        </div>
        <PeriodSwitch period={period} episode={report.episode?.slug ?? null} />
      </div>
      <EpisodeFilter period={period} episode={report.episode?.slug ?? null} episodes={report.episodes} />
      {report.total === 0 && <p className="rounded-2xl border border-dashed border-forest-700/40 bg-white p-5 text-muted">{t("empty")}</p>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ListensChart days={report.days} total={report.total} />
        <ListensApps apps={report.apps} total={report.total} />
      </div>
      <ListensEpisodes episodes={report.episodes} />
      <Export period={period} />
    </div>
  );
}
