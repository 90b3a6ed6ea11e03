import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";

/** Every area of pages at once ("every page changed"). */
export const EVERY_PAGE = "*";

/**
 * Tells the page caches that something readers see has changed. Areas are a page path's first segment
 * after the language ("blog", "podcast", "" for the home page); none named means every page.
 */
export interface PageChanges {
  changed(areas: readonly string[] | undefined, now: Date): Promise<void>;
}

export interface PageChangeFeed extends PageChanges {
  /** Reads the other processes' changes and forgets what they touched. */
  poll(): Promise<void>;
  /** Polls every `intervalMs` until the returned function is called. */
  start(intervalMs: number): () => void;
}

/**
 * Changes reach this process's cache at once through `forget`, and the other processes' through a
 * counter per area in the database (table page_versions), which each process polls.
 */
export async function pageChangeFeed(db: Db, forget: (areas?: readonly string[]) => void, logger: Logger): Promise<PageChangeFeed> {
  const seen = new Map<string, number>();
  const readVersions = () => db.selectFrom("page_versions").select(["area", "version"]).execute();
  for (const row of await readVersions()) seen.set(row.area, row.version);

  const poll = async () => {
    const changed: string[] = [];
    for (const row of await readVersions()) {
      if (seen.get(row.area) !== row.version) changed.push(row.area);
      seen.set(row.area, row.version);
    }
    if (changed.includes(EVERY_PAGE)) forget();
    else if (changed.length > 0) forget(changed);
  };

  return {
    async changed(areas, now) {
      forget(areas);
      for (const area of areas ?? [EVERY_PAGE]) {
        const row = await db
          .insertInto("page_versions")
          .values({ area, version: 1, changed_at: now.toISOString() })
          .onConflict((conflict) => conflict.column("area").doUpdateSet({ version: sql<number>`page_versions.version + 1`, changed_at: now.toISOString() }))
          .returning("version")
          .executeTakeFirstOrThrow();
        // Our own bump needs no second forgetting; a bump by another process in between still shows at the next poll.
        if (row.version === (seen.get(area) ?? 0) + 1) seen.set(area, row.version);
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
