import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";

/** The periods the listens report offers, in days; the first is shown when none is asked for. */
export const LISTEN_PERIODS = [30, 90] as const;
export type ListenPeriod = (typeof LISTEN_PERIODS)[number];

export const LISTENS_QUERY_ERRORS = ["invalidPeriod", "unknownEpisode"] as const;

/**
 * The report's query string, for the page and its CSV: `days`, 30 when absent, "invalidPeriod" for
 * anything else; `episode`, an episode's slug to show alone, or empty for all of them.
 */
export const listenPeriodSchema = z.object({
  days: textField()
    .transform((value) => (value === "" ? LISTEN_PERIODS[0] : Number(value)))
    .pipe(z.union(LISTEN_PERIODS.map((days) => z.literal(days)), "invalidPeriod")),
  episode: textField().pipe(z.string().regex(/^(?:[a-z0-9][a-z0-9-]{0,99})?$/, "unknownEpisode")),
});
