import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Severity } from "~/adapters/db/schema";
import { redact } from "./redact";

/** Who did it and from where: the real client address (TRUST_PROXY decides whether to read proxies). */
export interface Actor {
  userId: string | null;
  sessionId?: string | null;
  ip: string | null;
  userAgent: string | null;
}

const clip = (value: string | null, length: number) => (value === null ? null : value.slice(0, length));

/**
 * Writes one audit row. Pass the transaction of the change it describes, so the row and the change
 * commit or roll back together.
 */
export async function recordAudit(
  db: Kysely<Database>,
  actor: Actor,
  entry: { action: string; resource: string; details?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      user_id: actor.userId,
      action: entry.action,
      resource: entry.resource,
      details: JSON.stringify(redact(entry.details ?? {})),
      ip_address: clip(actor.ip, 64),
      user_agent: clip(actor.userAgent, 400),
      session_id: actor.sessionId ?? null,
      timestamp: now.toISOString(),
    })
    .execute();
}

/** Writes one security event (spec §4 security monitoring). */
export async function recordSecurityEvent(
  db: Kysely<Database>,
  actor: Actor,
  event: { type: string; severity: Severity; details?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db
    .insertInto("security_events")
    .values({
      id: randomUUID(),
      event_type: event.type,
      user_id: actor.userId,
      details: JSON.stringify(redact(event.details ?? {})),
      severity: event.severity,
      ip_address: clip(actor.ip, 64),
      user_agent: clip(actor.userAgent, 400),
      timestamp: now.toISOString(),
    })
    .execute();
}
