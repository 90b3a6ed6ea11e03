import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Severity } from "~/adapters/db/schema";
import { redact } from "./redact";
import { writeSecurityEvent } from "./security-events.server";

/**
 * Who did it and from where: the account and session when signed in, the real client address
 * (TRUST_PROXY decides whether to read proxies) and the browser. An address of null means the server
 * itself (a background job), never a request.
 */
export interface Actor {
  userId: string | null;
  sessionId?: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The server itself, for what background jobs and scripts record. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ userId: null, sessionId: null, ip: null, userAgent: null });

/** The actor of one request: its client address (as the server read it) and browser, and the account when known. */
export function actorOf(context: { clientIp: string }, request: Request, userId: string | null = null, sessionId: string | null = null): Actor {
  return { userId, sessionId, ip: context.clientIp, userAgent: request.headers.get("user-agent") };
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

/**
 * Records a security event. Repeats of one kind from one source within an hour become one row with a
 * count, and high and critical events stay single rows up to a limit per source
 * (security-events.server.ts), so a flood of forged requests cannot bury real events.
 */
export async function recordSecurityEvent(
  db: Kysely<Database>,
  actor: Actor,
  event: { type: string; severity: Severity; details?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await writeSecurityEvent(db, actor, event, now);
}
