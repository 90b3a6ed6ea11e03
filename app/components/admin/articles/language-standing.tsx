import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/components/lib/cn";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/i18n/languages";
import type { TranslationStanding } from "~/modules/blog/editor/article-list.server";

const STYLES: Record<TranslationStanding, string> = {
  current: "border-forest-700 bg-forest-100 text-forest-900",
  outdated: "border-gold-700 bg-gold-300/50 text-ink",
  missing: "border-dashed border-ink/30 bg-white text-muted line-through",
};

/** The four languages of an article as small badges: up to date, older than the English text, or missing. */
export function LanguageStanding({ languages }: { languages: Record<Language, TranslationStanding> }) {
  const { t } = useTranslation("editor");
  return (
    <ul className="flex flex-wrap gap-1.5">
      {LANGUAGES.map((language) => {
        const label = t(`standing.${languages[language]}`, { language: LANGUAGE_NAMES[language] });
        return (
          <li key={language} title={label} className={cn("rounded-md border px-2 py-0.5 text-xs font-semibold uppercase", STYLES[languages[language]])}>
            <span aria-hidden="true">{language}</span>
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
