import type { Severity } from "~/adapters/db/schema";
import { parsePage } from "~/lib/paging";

/** The audit log's filters, as the GET form and the CSV link send them. Empty means "any". */
export interface AuditFilters {
  action: string | null;
  /** A user id, or an account's email address (anything with an @). */
  actor: string | null;
  /** First and last day, inclusive, as YYYY-MM-DD in UTC. */
  from: string | null;
  to: string | null;
}

export const SEVERITIES: readonly Severity[] = ["low", "medium", "high", "critical"];

/** Translation keys (namespace `dashboard`, under `filters.errors`) of bad filter input. */
export type FilterError = "invalidDate" | "dateOrder" | "tooLong" | "invalidSeverity" | "invalidOrder" | "invalidPage";

export type Parsed<T> = { ok: true; filters: T; page: number } | { ok: false; error: FilterError; filters: Partial<Record<keyof T, string>> };

const MAX_TEXT = 254;
const text = (params: URLSearchParams, key: string) => (params.get(key) ?? "").trim();

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

export function parseAuditFilters(params: URLSearchParams): Parsed<AuditFilters> {
  const raw = { action: text(params, "action"), actor: text(params, "actor"), from: text(params, "from"), to: text(params, "to") };
  const fail = (error: FilterError): Parsed<AuditFilters> => ({ ok: false, error, filters: raw });
  if (raw.action.length > MAX_TEXT || raw.actor.length > MAX_TEXT) return fail("tooLong");
  if ((raw.from && !isDay(raw.from)) || (raw.to && !isDay(raw.to))) return fail("invalidDate");
  if (raw.from && raw.to && raw.from > raw.to) return fail("dateOrder");
  const page = parsePage(params.get("page"));
  if (page === null) return fail("invalidPage");
  return { ok: true, page, filters: { action: raw.action || null, actor: raw.actor || null, from: raw.from || null, to: raw.to || null } };
}

/**
 * How the security events are listed: newest first, or most severe first (newest first within a
 * severity), so that a flood of low events cannot push a critical one off the first page.
 */
export const SECURITY_ORDERS = ["newest", "severity"] as const;
export type SecurityOrder = (typeof SECURITY_ORDERS)[number];

export interface SecurityFilters {
  severity: Severity | null;
  order: SecurityOrder;
}

export function parseSecurityFilters(params: URLSearchParams): Parsed<SecurityFilters> {
  const severity = text(params, "severity");
  const order = text(params, "order");
  const raw = { severity, order };
  if (severity && !(SEVERITIES as readonly string[]).includes(severity)) return { ok: false, error: "invalidSeverity", filters: raw };
  if (order && !(SECURITY_ORDERS as readonly string[]).includes(order)) return { ok: false, error: "invalidOrder", filters: raw };
  const page = parsePage(params.get("page"));
  if (page === null) return { ok: false, error: "invalidPage", filters: raw };
  return { ok: true, page, filters: { severity: (severity || null) as Severity | null, order: (order || "newest") as SecurityOrder } };
}

/** The query string of a set of filters (empty ones left out), for links that keep them. */
export function filterQuery(filters: Record<string, string | null | undefined>, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : "";
}
