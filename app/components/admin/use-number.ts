import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/root-data";

/** Numbers in the reader's language: "1,234" in English, "1 234" in French. */
export function useNumber(): (value: number) => string {
  const format = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  return (value) => format.format(value);
}
