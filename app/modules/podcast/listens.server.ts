import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import { networkKey } from "~/lib/network";
import { countedListenerApp } from "./listener-app";

export interface ListenRequest {
  episodeId: string;
  ip: string;
  userAgent: string | null;
  /** A site secret, so a stored hash cannot be traced back to an address by trying them all. */
  secret: string;
  now: Date;
}

/** Days of listener rows kept: today's and yesterday's are enough to count once a day. */
const KEEP_DAYS = 2;

/**
 * The listener of a day: a hash of the secret, the UTC day and the network (`networkKey`: an IPv4
 * address, or an IPv6 address's /64). The day is in the hash, so the same listener cannot be followed
 * from one day to the next; the user agent is not, so a client cannot count again by changing it.
 */
export function listenerHash(secret: string, day: string, network: string): string {
  return createHash("sha256").update(`${secret}\n${day}\n${network}`).digest("hex");
}

/**
 * Counts a download of an episode's audio once per network per UTC day, whatever the user agent; bots
 * and requests without a user agent are not counted (countedListenerApp). One insert decides (the
 * primary key refuses the second of a day), so parallel requests count once. A counted listen raises
 * the episode's total and its day's count for the app it came from (the listens report reads those).
 * Returns whether this request was counted.
 */
export async function countListen(db: Db, request: ListenRequest): Promise<boolean> {
  const app = countedListenerApp(request.userAgent);
  if (!app) return false;
  const day = request.now.toISOString().slice(0, 10);
  const listener = listenerHash(request.secret, day, networkKey(request.ip));
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("episode_listens")
      .values({ episode_id: request.episodeId, listener, day })
      .onConflict((conflict) => conflict.columns(["episode_id", "listener", "day"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .updateTable("episodes")
      .set({ listens: sql<number>`listens + 1` })
      .where("id", "=", request.episodeId)
      .execute();
    await trx
      .insertInto("episode_listen_days")
      .values({ episode_id: request.episodeId, day, app, listens: 1 })
      .onConflict((conflict) => conflict.columns(["episode_id", "day", "app"]).doUpdateSet({ listens: sql<number>`episode_listen_days.listens + 1` }))
      .execute();
    const oldest = new Date(request.now.getTime() - (KEEP_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    await trx.deleteFrom("episode_listens").where("day", "<", oldest).execute();
    return true;
  });
}
