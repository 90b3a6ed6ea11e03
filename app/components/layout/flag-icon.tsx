import type { Language } from "~/i18n/languages";

/**
 * The small flag of a language in the picker: United States, Spain, Brazil, France. Drawn in app.css
 * (`.flag-<language>`), so it adds nothing to the page's JavaScript.
 */
export function FlagIcon({ language }: { language: Language }) {
  return <span aria-hidden="true" className={`flag flag-${language}`} />;
}
