import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { EVERY_PAGE_CHANGE, type PageChange } from "~/lib/page-cache-rules";

/** The row an older release bumped for "every page"; still read, so a process of that release is followed. */
const EVERY_PAGE_ROW = "*";

/**
 * Tells the page caches that something readers see has changed: the kinds of change (articles,
 * episodes…) that the pages' cache rules name (app/lib/page-cache-rules.ts). Never throws: a change
 * that cannot be recorded is logged, and the pages it touched still renew within the cache's age limit.
 */
export interface PageChanges {
  changed(changes: readonly PageChange[], now: Date): Promise<void>;
}

export interface PageChangeFeed extends PageChanges {
  /** Reads the other processes' changes and forgets what they touched. */
  poll(): Promise<void>;
  /** Polls every `intervalMs` until the returned function is called. */
  start(intervalMs: number): () => void;
}

/** What a cache forgets: the pages that the given changes touch, or every page when none is named. */
export type ForgetPages = (changes?: readonly PageChange[]) => void;

/**
 * Changes reach this process's cache at once through `forget`, and the other processes' through a
 * counter per kind of change in the database (table page_versions, its `area` column), which each
 * process polls.
 */
export async function pageChangeFeed(db: Db, forget: ForgetPages, logger: Logger): Promise<PageChangeFeed> {
  const seen = new Map<string, number>();
  const readVersions = () => db.selectFrom("page_versions").select(["area", "version"]).execute();
  for (const row of await readVersions()) seen.set(row.area, row.version);
  const forgetChanges = (changes: readonly string[]) => {
    if (changes.includes(EVERY_PAGE_ROW) || changes.includes(EVERY_PAGE_CHANGE)) forget();
    else if (changes.length > 0) forget(changes as PageChange[]);
  };

  const poll = async () => {
    const changed: string[] = [];
    for (const row of await readVersions()) {
      if (seen.get(row.area) !== row.version) changed.push(row.area);
      seen.set(row.area, row.version);
    }
    forgetChanges(changed);
  };

  const record = async (change: PageChange, now: Date) => {
    const row = await db
      .insertInto("page_versions")
      .values({ area: change, version: 1, changed_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("area").doUpdateSet({ version: sql<number>`page_versions.version + 1`, changed_at: now.toISOString() }))
      .returning("version")
      .executeTakeFirstOrThrow();
    // Our own bump needs no second forgetting; a bump by another process in between still shows at the next poll.
    if (row.version === (seen.get(change) ?? 0) + 1) seen.set(change, row.version);
  };

  return {
    async changed(changes, now) {
      forgetChanges(changes);
      for (const change of new Set(changes)) {
        await record(change, now).catch((error: unknown) => logger.error({ err: error, change }, "page change not recorded"));
      }
    },
    poll,
    start(intervalMs) {
      const timer = setInterval(() => {
        poll().catch((error: unknown) => logger.warn({ err: error }, "page change poll failed"));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
