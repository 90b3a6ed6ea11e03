import { LANGUAGE_LOCALES, type Language } from "~/i18n/languages";

/** One formatter per language, built once: building one costs far more than using it. */
const dollars = new Map<Language, Intl.NumberFormat>();

/** $19.99 in the reader's number format (prices are in US dollars). */
export function formatPrice(cents: number, language: Language): string {
  let format = dollars.get(language);
  if (!format) dollars.set(language, (format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: "currency", currency: "USD" })));
  return format.format(cents / 100);
}
