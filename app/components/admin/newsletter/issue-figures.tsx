import { LANGUAGE_NAMES, type Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";

export type Figures = Record<"queued" | "deferred" | "sent" | "failed" | "bounced" | "skipped" | "unsubscribed", number>;
const COLUMNS = ["queued", "deferred", "sent", "failed", "bounced", "skipped", "unsubscribed"] as const;

/**
 * What became of the mails, per language and in all; scrolls sideways on a phone rather than squeezing,
 * the language column staying in view. The scrolling box takes the focus, so the keyboard can scroll it
 * too, and is the landmark named by the heading (the section around it is not a second one).
 */
export function IssueFiguresTable({ figures, live }: { figures: { total: Figures; byLanguage: Partial<Record<Language, Figures>> }; live: boolean }) {
  const { t } = useTranslation("dashboard");
  const rows = Object.entries(figures.byLanguage) as Array<[Language, Figures]>;
  return (
    <section className="flex flex-col gap-3">
      <h3 id="issue-figures" className="text-xl font-semibold">
        {t("issues.issue.figures")}
      </h3>
      {live && <p className="text-sm text-muted" aria-live="polite">{t("issues.issue.live")}</p>}
      <div role="region" aria-labelledby="issue-figures" tabIndex={0} className="overflow-x-auto rounded-2xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="sticky left-0 bg-white p-3 align-bottom">{t("issues.issue.language")}</th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="min-w-24 p-3 text-right align-bottom">{t(`issues.issue.figure.${column}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([language, row]) => (
              <tr key={language} className="border-b border-line">
                <th scope="row" className="sticky left-0 bg-white p-3 font-semibold">{LANGUAGE_NAMES[language]}</th>
                {COLUMNS.map((column) => (
                  <td key={column} className="p-3 text-right tabular-nums" data-figure={`${language}-${column}`}>{row[column]}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row" className="sticky left-0 bg-white p-3 font-semibold">{t("issues.issue.all")}</th>
              {COLUMNS.map((column) => (
                <td key={column} className="p-3 text-right font-semibold tabular-nums" data-figure={`all-${column}`}>{figures.total[column]}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
