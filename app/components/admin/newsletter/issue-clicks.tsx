import { useTranslation } from "~/i18n/use-translation";

/** The issue's links by clicks, when the owner counts them: which link, how many clicks, never who. */
export function IssueClicks({ clicks }: { clicks: Array<{ link: string; clicks: number }> }) {
  const { t } = useTranslation("dashboard");
  if (clicks.length === 0) return null;
  return (
    <section aria-labelledby="issue-clicks" className="flex flex-col gap-3">
      <h3 id="issue-clicks" className="text-xl font-semibold">
        {t("issues.issue.clicks")}
      </h3>
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white">
        {clicks.map(({ link, clicks: count }) => (
          <li key={link} className="flex items-baseline justify-between gap-4 p-3 text-sm">
            <span className="min-w-0 wrap-anywhere">{link}</span>
            <span className="shrink-0 font-semibold tabular-nums" data-clicks={link}>
              {t("issues.issue.clickCount", { count })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
