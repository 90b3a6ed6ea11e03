import type { Db } from "~/adapters/db/database.server";
import { orderedEvents, toSecurityEvent, EXPORT_LIMIT } from "./audit-log.server";
import { recordAudit, type Actor } from "./audit.server";
import { toCsv } from "./csv";
import type { SecurityFilters } from "./filters";

export const SECURITY_CSV_HEADER = ["timestamp", "last_seen", "count", "severity", "event_type", "user_id", "user_email", "ip_address", "user_agent", "details"] as const;

/**
 * The filtered security events as CSV, in the page's order, at most EXPORT_LIMIT rows; the export is
 * audited (`admin.security_exported`, with the filters and the row count) in the same transaction.
 * A row many sources share has no address or browser of its own, so those cells stay empty.
 */
export async function exportSecurityEvents(db: Db, actor: Actor, filters: SecurityFilters, now: Date): Promise<{ csv: string; rows: number }> {
  return db.transaction().execute(async (trx) => {
    const events = (await orderedEvents(trx, filters).limit(EXPORT_LIMIT).execute()).map(toSecurityEvent);
    const csv = toCsv(
      SECURITY_CSV_HEADER,
      events.map((row) => [row.timestamp, row.lastSeen, row.count, row.severity, row.type, row.userId, row.email, row.ip, row.userAgent, row.details]),
    );
    const details = { ...(filters.severity ? { severity: filters.severity } : {}), order: filters.order, rows: events.length };
    await recordAudit(trx, actor, { action: "admin.security_exported", resource: "security_events", details }, now);
    return { csv, rows: events.length };
  });
}
