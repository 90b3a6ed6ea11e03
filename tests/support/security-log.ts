import type { Severity } from "~/adapters/db/schema";
import { appOnTestDatabase } from "./app-server";
import { people } from "./people";

/** A page's text without its scripts and tags. */
export const textOf = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");

/** How many events counted rows stand for. */
export const total = (rows: Array<{ count: number }>) => rows.reduce((sum, row) => sum + Number(row.count), 0);

/** Sends `total` requests, `batch` at a time in parallel, and returns their statuses. */
export async function inParallel(total: number, batch: number, send: (index: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < total; start += batch) {
    const responses = await Promise.all(Array.from({ length: Math.min(batch, total - start) }, (_, offset) => send(start + offset)));
    for (const response of responses) {
      statuses.push(response.status);
      await response.body?.cancel();
    }
  }
  return statuses;
}

/**
 * For a describe block: the app on a test database of `dialect` with the owner and a reader (tests/support/people.ts),
 * and what the tests read of its security log.
 */
export function securityLogOnTestDatabase(dialect: "sqlite" | "postgres") {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const rowsFrom = (ip: string, type: string) =>
    db().selectFrom("security_events").select(["count", "fold_key", "severity", "timestamp", "last_seen_at"]).where("ip_address", "=", ip).where("event_type", "=", type).execute();
  const rowsOf = (userId: string, severity: Severity) =>
    db().selectFrom("security_events").select(["count", "fold_key"]).where("user_id", "=", userId).where("severity", "=", severity).execute();
  const userId = async (email: string) => (await db().selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return { app, signIn, adminInMode, db, rowsFrom, rowsOf, userId };
}
