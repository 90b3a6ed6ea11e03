import type { Db } from "~/adapters/db/database.server";

/**
 * Deletes audit rows and security events older than `cutoff`. A plain DELETE by timestamp, so two
 * server processes running it at once simply share the work.
 */
export async function deleteAuditOlderThan(db: Db, cutoff: Date): Promise<{ audit: number; security: number }> {
  const before = cutoff.toISOString();
  const audit = await db.deleteFrom("audit_log").where("timestamp", "<", before).executeTakeFirst();
  const security = await db.deleteFrom("security_events").where("timestamp", "<", before).executeTakeFirst();
  return { audit: Number(audit.numDeletedRows), security: Number(security.numDeletedRows) };
}
