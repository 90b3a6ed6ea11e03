import { LANGUAGE_LOCALES, type Language } from "~/i18n/languages";

/** $19.99 in the reader's number format (prices are in US dollars). */
export function formatPrice(cents: number, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: "currency", currency: "USD" }).format(cents / 100);
}
