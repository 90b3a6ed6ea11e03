import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/lib/cn";
import { buttonClass } from "~/components/ui/button-styles";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalize } from "~/i18n/root-data";
import { LISTEN_PERIODS } from "~/modules/podcast/listen-period";
import type { ListensViewProps } from "./listens-format";

export const LISTENS_PATH = "/admin/podcast";

/** The report's address for a period and an episode (none: all episodes). */
function reportQuery(days: number, episode: string | null): string {
  return `?days=${days}${episode ? `&episode=${encodeURIComponent(episode)}` : ""}`;
}

/** 30 or 90 days: plain links, so the switch works without JavaScript; the period shown is marked current. */
export function PeriodSwitch({ period, episode }: { period: ListensViewProps["period"]; episode: string | null }) {
  const { t } = useTranslation("listens");
  const localize = useLocalize();
  return (
    <nav aria-label={t("periodLabel")}>
      <ul className="inline-flex rounded-full border border-line bg-white p-1">
        {LISTEN_PERIODS.map((days) => (
          <li key={days}>
            <Link
              to={localize(LISTENS_PATH) + reportQuery(days, episode)}
              aria-current={days === period ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-full px-3 font-semibold whitespace-nowrap sm:px-4",
                days === period ? "bg-forest-700 text-white" : "text-ink hover:bg-sand",
              )}
            >
              {t(`periods.${days}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One episode's days and apps, or all episodes': a GET form, so it works without JavaScript too. */
export function EpisodeFilter({ period, episode, episodes }: { period: ListensViewProps["period"]; episode: string | null; episodes: ListensViewProps["report"]["episodes"] }) {
  const { t } = useTranslation("listens");
  const localize = useLocalize();
  const byTitle = [...episodes].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <Form method="get" action={localize(LISTENS_PATH)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="days" value={period} />
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold sm:max-w-md">
        {t("filter.label")}
        <select name="episode" defaultValue={episode ?? ""} key={episode ?? ""} className="min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base font-normal">
          <option value="">{t("filter.all")}</option>
          {byTitle.map((entry) => (
            <option key={entry.id} value={entry.slug}>
              {entry.title}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass({ variant: "outline" })}>
        {t("filter.submit")}
      </button>
    </Form>
  );
}
