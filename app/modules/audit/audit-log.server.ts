import { sql } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import type { Severity } from "~/adapters/db/schema";
import { pageWindow, type Paged } from "~/lib/paging";
import { recordAudit, type Actor } from "./audit.server";
import { toCsv } from "./csv";
import { isSharedBySources } from "./security-event-repeats";
import { dayAfter, type AuditFilters, type SecurityFilters } from "./filters";

export const AUDIT_PAGE_SIZE = 50;
export const SECURITY_PAGE_SIZE = 50;
/** The CSV export holds at most this many rows, the newest first; the page says so. */
export const EXPORT_LIMIT = 10_000;

export interface AuditEntry {
  id: string;
  timestamp: string;
  action: string;
  resource: string;
  details: string;
  userId: string | null;
  /** The account's address when the user still exists. */
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface SecurityEvent {
  id: string;
  timestamp: string;
  type: string;
  severity: Severity;
  details: string;
  userId: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  /** How many events the row stands for (repeats from one source within an hour share a row). */
  count: number;
  /** When the latest of them happened; `timestamp` is the first. */
  lastSeen: string;
  /** The row that many sources share once the kind ran out of rows for the hour (no address or user). */
  manySources: boolean;
}

/** Audit rows matching the filters; the actor is a user id, or an address looked up in `user`. */
function auditMatching(db: Db, filters: AuditFilters) {
  let query = db.selectFrom("audit_log").leftJoin("user", "user.id", "audit_log.user_id");
  if (filters.action) query = query.where("audit_log.action", "=", filters.action);
  if (filters.actor) {
    query = filters.actor.includes("@")
      ? query.where("user.email", "=", filters.actor.toLowerCase())
      : query.where("audit_log.user_id", "=", filters.actor);
  }
  if (filters.from) query = query.where("audit_log.timestamp", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("audit_log.timestamp", "<", dayAfter(filters.to));
  return query;
}

function selectAudit(db: Db, filters: AuditFilters) {
  return auditMatching(db, filters)
    .select([
      "audit_log.id",
      "audit_log.timestamp",
      "audit_log.action",
      "audit_log.resource",
      "audit_log.details",
      "audit_log.user_id",
      "audit_log.ip_address",
      "audit_log.user_agent",
      "user.email",
    ])
    .orderBy("audit_log.timestamp", "desc")
    .orderBy("audit_log.id", "desc");
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof selectAudit>["execute"]>>[number];

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  timestamp: row.timestamp,
  action: row.action,
  resource: row.resource,
  details: row.details,
  userId: row.user_id,
  email: row.email ?? null,
  ip: row.ip_address,
  userAgent: row.user_agent,
});

/** One page of the audit log, newest first. */
export async function queryAuditLog(db: Db, filters: AuditFilters, requestedPage: number): Promise<Paged<AuditEntry>> {
  const counted = await auditMatching(db, filters).select((eb) => eb.fn.countAll().as("count")).executeTakeFirst();
  const total = Number(counted?.count ?? 0);
  const { page, pageCount, offset } = pageWindow(total, requestedPage, AUDIT_PAGE_SIZE);
  const rows = await selectAudit(db, filters).limit(AUDIT_PAGE_SIZE).offset(offset).execute();
  return { items: rows.map(toEntry), total, page, pageCount };
}

/** Every action the log holds, for the filter's list. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
  return rows.map((row) => row.action);
}

export const AUDIT_CSV_HEADER = ["timestamp", "action", "user_id", "user_email", "resource", "ip_address", "user_agent", "details"] as const;

/** The filters in use as an audit row's details; an address typed as the actor is redacted like any address. */
function filterDetails(filters: AuditFilters): Record<string, unknown> {
  const actor = filters.actor?.includes("@") ? { actorEmail: filters.actor } : { actorId: filters.actor };
  const all = { action: filters.action, ...actor, from: filters.from, to: filters.to };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== null && value !== undefined));
}

/** Viewing the log is itself audited (`admin.audit_viewed`), with the filters and the page. */
export async function recordAuditViewed(db: Db, actor: Actor, filters: AuditFilters, page: number, now: Date): Promise<void> {
  await recordAudit(db, actor, { action: "admin.audit_viewed", resource: "audit_log", details: { ...filterDetails(filters), page } }, now);
}

/**
 * The filtered log as CSV, newest first, at most EXPORT_LIMIT rows; the export is audited
 * (`admin.audit_exported`, with the filters and the row count) in the same transaction.
 */
export async function exportAuditLog(db: Db, actor: Actor, filters: AuditFilters, now: Date): Promise<{ csv: string; rows: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = (await selectAudit(trx, filters).limit(EXPORT_LIMIT).execute()).map(toEntry);
    const csv = toCsv(
      AUDIT_CSV_HEADER,
      rows.map((row) => [row.timestamp, row.action, row.userId, row.email, row.resource, row.ip, row.userAgent, row.details]),
    );
    await recordAudit(trx, actor, { action: "admin.audit_exported", resource: "audit_log", details: { ...filterDetails(filters), rows: rows.length } }, now);
    return { csv, rows: rows.length };
  });
}

function eventsMatching(db: Db, filters: SecurityFilters) {
  let query = db.selectFrom("security_events").leftJoin("user", "user.id", "security_events.user_id");
  if (filters.severity) query = query.where("security_events.severity", "=", filters.severity);
  return query;
}

/** Severity as a number, most severe highest, for the "most severe first" order. */
const severityRank = sql<number>`case security_events.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

/** The matching events in the list's order, with what a row shows. */
export function orderedEvents(db: Db, filters: SecurityFilters) {
  let query = eventsMatching(db, filters).select([
    "security_events.id",
    "security_events.timestamp",
    "security_events.event_type",
    "security_events.severity",
    "security_events.details",
    "security_events.user_id",
    "security_events.ip_address",
    "security_events.user_agent",
    "security_events.count",
    "security_events.last_seen_at",
    "security_events.fold_key",
    "user.email",
  ]);
  if (filters.order === "severity") query = query.orderBy(severityRank, "desc");
  return query.orderBy("security_events.timestamp", "desc").orderBy("security_events.id", "desc");
}

type EventRow = Awaited<ReturnType<ReturnType<typeof orderedEvents>["execute"]>>[number];

export const toSecurityEvent = (row: EventRow): SecurityEvent => ({
  id: row.id,
  timestamp: row.timestamp,
  type: row.event_type,
  severity: row.severity,
  details: row.details,
  userId: row.user_id,
  email: row.email ?? null,
  ip: row.ip_address,
  userAgent: row.user_agent,
  count: Number(row.count),
  lastSeen: row.last_seen_at ?? row.timestamp,
  manySources: isSharedBySources(row.fold_key),
});

/** One page of security events, newest (first seen) first, or most severe first. */
export async function querySecurityEvents(db: Db, filters: SecurityFilters, requestedPage: number): Promise<Paged<SecurityEvent>> {
  const counted = await eventsMatching(db, filters).select((eb) => eb.fn.countAll().as("count")).executeTakeFirst();
  const total = Number(counted?.count ?? 0);
  const { page, pageCount, offset } = pageWindow(total, requestedPage, SECURITY_PAGE_SIZE);
  const rows = await orderedEvents(db, filters).limit(SECURITY_PAGE_SIZE).offset(offset).execute();
  return { items: rows.map(toSecurityEvent), total, page, pageCount };
}

/**
 * The dashboard's count: log entries with activity since `since` (the card shows the last 24 hours).
 * A counted row is one entry however many repeats it holds, so a flood from one source adds one per
 * hour rather than thousands.
 */
export async function securityEventsSince(db: Db, since: Date): Promise<number> {
  const after = since.toISOString();
  const row = await db
    .selectFrom("security_events")
    .select((eb) => eb.fn.countAll().as("count"))
    .where((eb) => eb.or([eb("timestamp", ">=", after), eb("last_seen_at", ">=", after)]))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
