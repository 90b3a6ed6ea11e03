import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";
import type { IssueAudience } from "~/modules/newsletter/issues/issue-content";

function Choices({ name, legend, options, chosen, label }: { name: string; legend: string; options: readonly string[]; chosen: readonly string[]; label: (value: string) => string }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name={name} value={value} defaultChecked={chosen.includes(value)} className="size-4 accent-forest-700" />
            {label(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The audience's filters and, as saved, how many would get the issue in each language. */
export function IssueAudienceFields({ audience, topics, sources, counts, available }: { audience: IssueAudience; topics: string[]; sources: string[]; counts: Record<Language, number> | null; available: Language[] }) {
  const { t } = useTranslation("dashboard");
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <fieldset className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{t("issues.issue.audience")}</legend>
      <p className="text-sm text-muted">{t("issues.issue.audienceHint")}</p>
      <Choices name="audienceLanguages" legend={t("issues.issue.languages")} options={LANGUAGES} chosen={audience.languages} label={(value) => LANGUAGE_NAMES[value as Language]} />
      <Choices name="audienceSources" legend={t("issues.issue.sources")} options={sources} chosen={audience.sources} label={(value) => t(`subscribers.sources.${value}`, { defaultValue: value })} />
      <Choices name="audienceInterests" legend={t("issues.issue.interests")} options={topics} chosen={audience.interests} label={(value) => t(`subscription:profile.topics.${value}`)} />
      {counts && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <h3 className="font-sans text-base font-semibold">{t("issues.issue.counts")}</h3>
          {total === 0 ? (
            <p className="text-alert">{t("issues.issue.countNone")}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {available.map((language) => (
                <li key={language} data-count={language}>{t("issues.issue.countLine", { count: counts[language], language: LANGUAGE_NAMES[language] })}</li>
              ))}
              <li className="font-semibold" data-count="all">{t("issues.issue.countTotal", { count: total })}</li>
            </ul>
          )}
          {available.length < LANGUAGES.length && <p className="text-sm text-muted">{t("issues.issue.untranslated")}</p>}
        </div>
      )}
    </fieldset>
  );
}
