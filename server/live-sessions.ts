import type { Db } from "~/adapters/db/database.server";

/** Whether a session token names a session that is still open. */
export type LiveSession = (token: string) => Promise<boolean>;

/**
 * Asks the database whether a signed session token's session is still open, at most once a minute per
 * token (and never past its expiry): a cookie kept after signing out, or after its 12 hours, is then an
 * anonymous visitor's to the page cache, so it cannot make every request a render. Bounded in memory.
 */
export function liveSessionCheck(db: Db, now: () => Date, { maxTokens = 10_000, recheckMs = 60_000 } = {}): LiveSession {
  const known = new Map<string, { live: boolean; until: number }>();
  return async (token) => {
    const at = now().getTime();
    const entry = known.get(token);
    if (entry && entry.until > at) return entry.live;
    const row = await db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirst();
    const expires = row ? new Date(row.expiresAt).getTime() : 0;
    const live = expires > at;
    if (known.size >= maxTokens) known.clear();
    known.set(token, { live, until: live ? Math.min(at + recheckMs, expires) : at + recheckMs });
    return live;
  };
}
