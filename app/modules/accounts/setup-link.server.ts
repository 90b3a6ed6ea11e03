import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import { adminExists } from "./accounts.server";

/** How long the printed setup link works. */
export const SETUP_LINK_HOURS = 24;
/**
 * Links printed this close together are one start of the site: several instances started at once each
 * print one, and all of them work. A link from an earlier start stops working.
 */
export const SETUP_LINK_SIBLING_MS = 5 * 60 * 1000;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * While the site has no admin, makes a new one-time setup link (unused ones from earlier starts stop
 * working; those of instances starting alongside, within SETUP_LINK_SIBLING_MS, keep working) and
 * returns it; null once an admin exists. Whichever link is used first makes the admin, and then none works.
 */
export async function issueSetupLink(db: Db, appUrl: string, now: Date): Promise<string | null> {
  if (await adminExists(db)) return null;
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    const earlierStart = new Date(now.getTime() - SETUP_LINK_SIBLING_MS).toISOString();
    await trx.deleteFrom("admin_setup_tokens").where("used_at", "is", null).where("created_at", "<", earlierStart).execute();
    await trx
      .insertInto("admin_setup_tokens")
      .values({ token_hash: hash(token), created_at: now.toISOString(), expires_at: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000).toISOString(), used_at: null })
      .execute();
  });
  return `${appUrl}/setup?${new URLSearchParams({ token })}`;
}

/** Whether the token may still create the first admin: known, unused, not expired, and no admin yet. */
export async function setupTokenUsable(db: Db, token: string, now: Date): Promise<boolean> {
  if (!token || (await adminExists(db))) return false;
  const row = await db.selectFrom("admin_setup_tokens").selectAll().where("token_hash", "=", hash(token)).executeTakeFirst();
  return Boolean(row && !row.used_at && row.expires_at > now.toISOString());
}

/** Marks the token used; false when another request used it first (the update matched no row). */
export async function spendSetupToken(db: Db, token: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("admin_setup_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", hash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
