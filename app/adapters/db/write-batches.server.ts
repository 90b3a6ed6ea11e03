import { sql, SqliteAdapter, type Transaction } from "kysely";
import type { Db } from "./database.server";
import type { Database } from "./schema";

type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface QueuedWork {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface WriteQueue {
  works: QueuedWork[];
  /** A batch is scheduled or running: works queued meanwhile join the next one it takes. */
  busy: boolean;
}

/** Enough to spread a commit over a crowd's requests; few enough that no request waits long behind the others. */
const MOST_PER_BATCH = 64;
const queues = new WeakMap<Db, WriteQueue>();

/**
 * Runs `work` in a transaction, as `db.transaction().execute(work)` would, for short writes that many
 * readers make at once (a sign-up). On SQLite, the works that arrive while the process is busy are
 * committed together (ADR 074): a commit writes the changed pages to the log and now and then copies the
 * log back, and that was half of a sign-up's cost. Each work runs alone inside a savepoint, one after
 * the other, so a work that fails leaves nothing behind and changes nothing for the others. The promise
 * settles only once the batch is committed: an answer never promises what a crash could lose. A work
 * must only use the database: the others wait while it runs. On PostgreSQL, which commits concurrent
 * transactions side by side, each work is its own transaction.
 */
export function inWriteBatch<T>(db: Db, work: WriteWork<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(work);
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) queues.set(db, (queue = { works: [], busy: false }));
    queue.works.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (queue.busy) return;
    queue.busy = true;
    // The requests read in the same turn of the event loop join; the batch runs once they have.
    setImmediate(() => void runBatches(db, queue));
  });
}

async function runBatches(db: Db, queue: WriteQueue): Promise<void> {
  try {
    while (queue.works.length > 0) {
      const batch = queue.works.splice(0, MOST_PER_BATCH);
      const outcomes = await commitTogether(db, batch).catch((error: unknown) => batch.map((): Outcome => ({ ok: false, error })));
      batch.forEach((queued, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) queued.resolve(outcome.value);
        else queued.reject(outcome.error);
      });
    }
  } finally {
    queue.busy = false;
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** One transaction for the batch, a savepoint for each work; a failed commit fails every work of the batch. */
function commitTogether(db: Db, batch: QueuedWork[]): Promise<Outcome[]> {
  return db.transaction().execute(async (trx) => {
    const outcomes: Outcome[] = [];
    for (const { work } of batch) {
      await sql`savepoint write_batch_work`.execute(trx);
      try {
        outcomes.push({ ok: true, value: await work(trx) });
      } catch (error) {
        await sql`rollback to write_batch_work`.execute(trx);
        outcomes.push({ ok: false, error });
      }
      await sql`release write_batch_work`.execute(trx);
    }
    return outcomes;
  });
}
