import { sql } from "kysely";
import type { Db, DialectName } from "./database.server";

/**
 * Answers whether the database takes a write right now: a one-row upsert into rate_limits under a key
 * no limit uses (it expires at once, so the retention pass removes it). A full disk, a read-only
 * database or a lock held elsewhere makes the write fail or wait; the wait is cut at `timeoutMs`.
 * Never throws.
 */
const PROBE_KEY = "health:write-probe";

export async function probeDatabaseWrite(db: Db, dialect: DialectName, now: Date, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  // The database's own timeouts below end the write; this one covers waiting for a pooled connection.
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs * 2);
  });
  const probe = (dialect === "sqlite" ? probeSqlite(db, now, timeoutMs) : probePostgres(db, now, timeoutMs)).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function upsert(db: Db, now: Date) {
  const stamp = now.toISOString();
  return db
    .insertInto("rate_limits")
    .values({ key: PROBE_KEY, count: 0, reset_at: stamp })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ reset_at: stamp }))
    .execute();
}

/**
 * better-sqlite3 waits for a lock synchronously, holding the event loop for the connection's whole
 * busy timeout (5 s); the probe lowers it to `timeoutMs` for its one statement and then puts it back.
 */
async function probeSqlite(db: Db, now: Date, timeoutMs: number): Promise<void> {
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
    const previous = Number(rows[0]?.timeout ?? 5000);
    await sql.raw(`pragma busy_timeout = ${Math.round(timeoutMs)}`).execute(connection);
    try {
      await upsert(connection, now);
    } finally {
      await sql.raw(`pragma busy_timeout = ${previous}`).execute(connection);
    }
  });
}

/** In its own transaction with a lock and statement timeout, so a locked table cannot hold it. */
async function probePostgres(db: Db, now: Date, timeoutMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`set local lock_timeout = ${Math.round(timeoutMs)}`).execute(trx);
    await sql.raw(`set local statement_timeout = ${Math.round(timeoutMs)}`).execute(trx);
    await upsert(trx, now);
  });
}
