import type { Severity } from "~/adapters/db/schema";
import type { RateLimit } from "~/modules/rate-limit/rate-limit.server";
import { networkKey } from "~/lib/network";

/**
 * How the security log stays readable under a flood: repeats of one kind of event from one source
 * within a window share one counted row, and high and critical events stay single rows up to a limit
 * per source. These are the numbers; security-events.server.ts applies them.
 */
export const REPEATS = {
  /** Repeats gather in fixed windows of one hour, aligned to the UTC clock. */
  windowMs: 60 * 60_000,
  /** Severities whose events are written one row each, up to `singlesPerSource`. */
  singleSeverities: ["high", "critical"] as readonly Severity[],
  /** Single high or critical rows one source may add in an hour; its further ones are counted. */
  singlesPerSource: { name: "security-event-singles", limit: 10, windowMs: 60 * 60_000 } satisfies RateLimit,
  /** Counted rows of one kind that different sources may open in an hour; later sources share one row. */
  rowsPerKind: { name: "security-event-rows", limit: 20, windowMs: 60 * 60_000 } satisfies RateLimit,
} as const;

/** The source of a counted row when its kind ran out of rows: every further source shares it. */
export const MANY_SOURCES = "*";

/**
 * One source: the client's network (an IPv4 address, or an IPv6 address's /64) and the signed-in
 * account if any, so two accounts behind one address, or one account from two networks, stay apart.
 */
export function sourceOf(actor: { ip: string | null; userId: string | null }): string {
  return `${networkKey(actor.ip).slice(0, 64)}|${(actor.userId ?? "").slice(0, 64)}`;
}

/** The start of the window `now` falls in, as an ISO timestamp. */
export function windowStart(now: Date, windowMs: number = REPEATS.windowMs): string {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
}

/** The unique key of the counted row for one kind of event, one source and one window (at most 235 characters). */
export function foldKey(type: string, source: string, now: Date): string {
  return `${type.slice(0, 80)}|${source}|${windowStart(now)}`;
}

/** Whether a row is the one that new sources share once its kind ran out of rows for the hour. */
export function isSharedBySources(key: string | null): boolean {
  return key !== null && key.split("|")[1] === MANY_SOURCES;
}
