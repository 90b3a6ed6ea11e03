/**
 * The days of the listens report: UTC days (YYYY-MM-DD), as listens are counted. Kept apart from the
 * database so the filling of days without listens is tested on its own.
 */
const DAY_MS = 86_400_000;

export interface ReportWindow {
  /** The first day shown. */
  from: string;
  /** The last day shown: today (UTC). */
  to: string;
  days: number;
}

export interface DayCount {
  day: string;
  listens: number;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The `days` UTC days ending today, today included. */
export function reportWindow(now: Date, days: number): ReportWindow {
  return { from: dayOf(now.getTime() - (days - 1) * DAY_MS), to: dayOf(now.getTime()), days };
}

/** Every day of the window, oldest first. */
export function windowDays(window: ReportWindow): string[] {
  const start = Date.parse(`${window.from}T00:00:00Z`);
  return Array.from({ length: window.days }, (_, index) => dayOf(start + index * DAY_MS));
}

/**
 * One count per day of the window, oldest first, with 0 for a day nobody listened; rows for the same
 * day are added up, rows outside the window left out.
 */
export function dailySeries(rows: readonly DayCount[], window: ReportWindow): DayCount[] {
  const byDay = new Map(windowDays(window).map((day) => [day, 0]));
  for (const row of rows) {
    const sum = byDay.get(row.day);
    if (sum !== undefined) byDay.set(row.day, sum + row.listens);
  }
  return [...byDay].map(([day, listens]) => ({ day, listens }));
}
