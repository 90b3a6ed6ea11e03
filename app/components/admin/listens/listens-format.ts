import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/root-data";
import type { ListenReport, ReportDay } from "~/modules/podcast/listen-report.server";
import type { ListenPeriod } from "~/modules/podcast/listen-period";

/** A report day with its labels written on the server ("March 2, 2026" and "Mar 2"), so both renders agree. */
export interface LabelledDay extends ReportDay {
  full: string;
  short: string;
}

/** What the listens page shows: the period asked for, a refused period, and the report with its labels. */
export interface ListensViewProps {
  period: ListenPeriod;
  error: "invalidPeriod" | null;
  report: Omit<ListenReport, "days"> & { days: LabelledDay[]; from: string; to: string };
}

/** Numbers in the reader's language: "1,234" in English, "1 234" in French. */
export function useNumber(): (value: number) => string {
  const format = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  return (value) => format.format(value);
}
