import { LANGUAGE_NAMES, type Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";

export interface CampaignSummary {
  language: Language;
  status: string | null;
  stats: { sent: number; unsubscribes: number; hardBounces: number; softBounces: number; spamComplaints: number } | null;
}

/** How the issue goes out: the site's own mail server, or MailerLite when the site has its key. */
export function IssueDeliveryFields({ delivery, mailerLite }: { delivery: "smtp" | "mailerlite"; mailerLite: boolean }) {
  const { t } = useTranslation("dashboard");
  if (!mailerLite) return <input type="hidden" name="delivery" value="smtp" />;
  return (
    <fieldset className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{t("issues.issue.delivery")}</legend>
      {(["smtp", "mailerlite"] as const).map((value) => (
        <label key={value} className="flex min-h-11 items-start gap-3">
          <input type="radio" name="delivery" value={value} defaultChecked={delivery === value} className="mt-1 size-4 accent-forest-700" />
          <span>
            <span className="block font-semibold">{t(`issues.issue.deliveries.${value}`)}</span>
            <span className="block text-sm text-muted">{t(`issues.issue.deliveries.${value}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** MailerLite's campaigns of the issue, one per language, with what MailerLite counts. */
export function IssueCampaigns({ campaigns }: { campaigns: CampaignSummary[] }) {
  const { t } = useTranslation("dashboard");
  if (campaigns.length === 0) return null;
  return (
    <section aria-labelledby="issue-campaigns" className="flex flex-col gap-3">
      <h3 id="issue-campaigns" className="text-xl font-semibold">
        {t("issues.issue.campaigns")}
      </h3>
      <ul className="flex flex-col gap-2">
        {campaigns.map(({ language, status, stats }) => (
          <li key={language} className="rounded-xl border border-line bg-white p-4" data-campaign={language}>
            <p className="font-semibold">
              {LANGUAGE_NAMES[language]} · {t("issues.issue.campaignStatus", { status: status ?? "—" })}
            </p>
            {stats && <p className="text-sm text-muted">{t("issues.issue.campaignStats", { sent: stats.sent, bounces: stats.hardBounces + stats.softBounces, unsubscribes: stats.unsubscribes, spam: stats.spamComplaints })}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
