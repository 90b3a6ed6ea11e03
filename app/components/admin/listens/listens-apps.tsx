import { useTranslation } from "~/i18n/use-translation";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/root-data";
import type { ListenReport } from "~/modules/podcast/listen-report.server";
import { useNumber } from "./listens-format";

/** Listens by app: each a line with its number, its share and a bar (the bar is decoration; the words carry the numbers). */
export function ListensApps({ apps, total }: { apps: ListenReport["apps"]; total: number }) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  const percent = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()], { style: "percent", maximumFractionDigits: 0 });
  const highest = Math.max(1, ...apps.map((entry) => entry.listens));
  return (
    <section aria-labelledby="listens-apps-title" className="min-w-0 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id="listens-apps-title" className="text-lg font-semibold">{t("apps.title")}</h2>
      <ul aria-label={t("apps.caption")} className="mt-4 flex flex-col gap-4">
        {apps.map((entry) => (
          <li key={entry.app}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium">{t(`apps.names.${entry.app}`)}</span>
              <span className="shrink-0 text-sm text-muted tabular-nums">
                {number(entry.listens)} ({percent.format(total ? entry.listens / total : 0)})
              </span>
            </div>
            <div aria-hidden="true" className="mt-1.5 h-2 rounded-full bg-sand">
              <div className="h-2 rounded-full bg-gold-400" style={{ width: `${(entry.listens / highest) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
