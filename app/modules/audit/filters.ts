import type { z } from "zod";
import type { Severity } from "~/adapters/db/schema";
import type { auditFilterSchema, securityFilterSchema } from "./filter-forms";

/**
 * The audit log's filters, as the GET form and the CSV link send them. Empty means "any". `actor` is a
 * user id or an account's email address (anything with an @); `from` and `to` are the first and last
 * day, inclusive, as YYYY-MM-DD in UTC.
 */
export type AuditFilters = Omit<z.output<typeof auditFilterSchema>, "page">;

export const SEVERITIES: readonly Severity[] = ["low", "medium", "high", "critical"];

/** Translation keys (namespace `dashboard`, under `filters.errors`) of bad filter input. */
export const FILTER_ERRORS = ["invalidDate", "dateOrder", "tooLong", "invalidSeverity", "invalidOrder", "invalidPage"] as const;
export type FilterError = (typeof FILTER_ERRORS)[number];

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The first instant after `day` (YYYY-MM-DD) in UTC, as stored timestamps are written. */
export function dayAfter(day: string): string {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() + 86_400_000).toISOString();
}

/**
 * How the security events are listed: newest first, or most severe first (newest first within a
 * severity), so that a flood of low events cannot push a critical one off the first page.
 */
export const SECURITY_ORDERS = ["newest", "severity"] as const;
export type SecurityOrder = (typeof SECURITY_ORDERS)[number];

export type SecurityFilters = Omit<z.output<typeof securityFilterSchema>, "page">;
/** The query string of a set of filters (empty ones left out), for links that keep them. */
export function filterQuery(filters: Record<string, string | null | undefined>, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : "";
}
