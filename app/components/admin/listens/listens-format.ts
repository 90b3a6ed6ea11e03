import type { ListenReport, ReportDay } from "~/modules/podcast/listen-report.server";
import type { LISTENS_QUERY_ERRORS, ListenPeriod } from "~/modules/podcast/listen-period";

/** A report day with its labels written on the server ("March 2, 2026" and "Mar 2"), so both renders agree. */
export interface LabelledDay extends ReportDay {
  full: string;
  short: string;
}

/** What the listens page shows: the period asked for, a refused period, and the report with its labels. */
export interface ListensViewProps {
  period: ListenPeriod;
  error: (typeof LISTENS_QUERY_ERRORS)[number] | null;
  report: Omit<ListenReport, "days"> & { days: LabelledDay[]; from: string; to: string };
}
