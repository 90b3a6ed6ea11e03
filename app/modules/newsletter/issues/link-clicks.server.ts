import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import { UNSUBSCRIBE_PLACEHOLDER } from "./issue-content";

/**
 * Clicks on an issue's links, counted through the site's own redirect when the owner turns
 * "newsletter.countClicks" on (off by default): per issue and link, never per reader (the link is the
 * same in every reader's mail). A link is signed, so the redirect only ever sends readers where an issue
 * pointed and counts nothing else; clicks are added up in memory and written every few seconds, so a
 * flood of clicks costs a map update each, not a database write each.
 */

const SIGNATURE_CHARS = 22;
const FLUSH_MS = 5_000;

const keyOf = (secret: string) => createHmac("sha256", secret).update("newsletter link clicks").digest();
const signature = (secret: string, issueId: string, link: string) => createHmac("sha256", keyOf(secret)).update(`${issueId}\n${link}`).digest("base64url").slice(0, SIGNATURE_CHARS);

/** The address that counts a click on `link` and sends the reader there. */
export function countedLink(appUrl: string, secret: string, issueId: string, link: string): string {
  return `${appUrl}/newsletter/click/${issueId}?${new URLSearchParams({ u: link, s: signature(secret, issueId, link) })}`;
}

/** Whether `s` is the site's signature of this issue's link. */
export function isCountedLink(secret: string, issueId: string, link: string, s: string): boolean {
  const expected = Buffer.from(signature(secret, issueId, link));
  const given = Buffer.from(s);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Every http(s) href of the mail's HTML made a counted link. */
export function countLinksIn(html: string, appUrl: string, secret: string, issueId: string): string {
  return html.replace(/(\shref=")(https?:\/\/[^"]+)"/g, (match, start: string, link: string) =>
    link.startsWith(UNSUBSCRIBE_PLACEHOLDER) ? match : `${start}${countedLink(appUrl, secret, issueId, link.replace(/&amp;/g, "&")).replace(/&/g, "&amp;")}"`,
  );
}

// One process's clicks not yet written; the server holds one copy of this module per process.
const pending = new Map<string, { issueId: string; link: string; clicks: number }>();
let flushing: NodeJS.Timeout | undefined;

/** Counts one click; it reaches the database within a few seconds. */
export function countClick(db: Db, issueId: string, link: string): void {
  const key = `${issueId}\n${link}`;
  const entry = pending.get(key) ?? { issueId, link, clicks: 0 };
  entry.clicks += 1;
  pending.set(key, entry);
  flushing ??= setTimeout(() => void flushClicks(db), FLUSH_MS).unref();
}

/** Writes the clicks counted so far (one statement per link). */
export async function flushClicks(db: Db): Promise<void> {
  flushing = undefined;
  const entries = [...pending.values()];
  pending.clear();
  for (const { issueId, link, clicks } of entries) {
    await db
      .insertInto("newsletter_link_clicks")
      .values({ issue_id: issueId, link, clicks })
      .onConflict((conflict) => conflict.columns(["issue_id", "link"]).doUpdateSet({ clicks: sql`newsletter_link_clicks.clicks + ${clicks}` }))
      .execute();
  }
}

/** An issue's links by clicks, most clicked first. */
export async function issueClicks(db: Db, issueId: string): Promise<Array<{ link: string; clicks: number }>> {
  const rows = await db.selectFrom("newsletter_link_clicks").select(["link", "clicks"]).where("issue_id", "=", issueId).orderBy("clicks", "desc").orderBy("link").limit(50).execute();
  return rows.map((row) => ({ link: row.link, clicks: Number(row.clicks) }));
}
