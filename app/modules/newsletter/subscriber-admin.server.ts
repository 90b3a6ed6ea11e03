import type { ExpressionBuilder } from "kysely";
import type { Db, DialectName } from "~/adapters/db/database.server";
import type { Database } from "~/adapters/db/schema";
import { pageWindow, type Paged } from "~/lib/paging";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { csvRecord, UTF8_BOM } from "~/modules/audit/csv";
import { findMatches, matching } from "./subscriber-matching.server";
import { subscriberSearch } from "./subscriber-search";

/**
 * The admin's Subscriber Management (dashboard card): the list newest first with search,
 * the counts, sign-ups per month and by source, and the CSV export. Sync is syncAllVerified in
 * provider-sync.server.ts. Every query is answered from an index (migrations 0010 and 0029), so pages stay
 * fast at a million subscribers; `npm run bench:subscribers` measures it.
 */

export const SUBSCRIBER_PAGE_SIZE = 25;
/** Rows read per query while streaming the CSV: memory stays flat whatever the list's length. */
export const CSV_BATCH_SIZE = 2_000;
/** The export's columns, in this order. */
export const SUBSCRIBER_CSV_HEADER = ["Email", "First Name", "Last Name", "Subscription Source", "Date"] as const;
export const GROWTH_MONTHS = 12;

export type SubscriberStatus = "confirmed" | "waiting" | "unsubscribed";

/** What became of a waiting subscriber's latest confirmation mail, and when (null before it was tracked). */
export interface ConfirmationMailState {
  state: "queued" | "sent" | "retrying" | "failed";
  /** The mail server's reason, for a mail that failed or is being tried again. */
  error: string | null;
  at: string;
}

export interface SubscriberListItem {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  source: string;
  createdAt: string;
  status: SubscriberStatus;
  /** Only for a subscriber waiting for confirmation. */
  mail: ConfirmationMailState | null;
  /** Why no newsletter mail goes to this address any more (a bounce, a complaint), until the owner clears it. */
  mailStop: { reason: string; detail: string | null; at: string } | null;
}

export interface SubscriberCounts {
  total: number;
  confirmed: number;
  waiting: number;
  unsubscribed: number;
}

export interface SubscriberStats extends SubscriberCounts {
  /** Sign-ups per calendar month (UTC), the last 12 months oldest first, months without any included. */
  months: Array<{ month: string; count: number }>;
  /** Sign-ups by the form they came from, the largest first. */
  sources: Array<{ source: string; count: number }>;
}

type Where = ExpressionBuilder<Database, "subscribers">;

/** Confirmed and still subscribed: the subscribers that are synced and exported (ADR 028). */
const active = (eb: Where) => eb.and([eb("is_verified", "=", 1), eb("unsubscribed_at", "is", null)]);

const statusOf = (row: { is_verified: number; unsubscribed_at: string | null }): SubscriberStatus =>
  row.unsubscribed_at !== null ? "unsubscribed" : Number(row.is_verified) === 1 ? "confirmed" : "waiting";

function mailStateOf(row: { confirmation_mail?: string | null; confirmation_mail_error?: string | null; confirmation_mail_at?: string | null }): ConfirmationMailState | null {
  const state = row.confirmation_mail;
  if (!isMailState(state) || !row.confirmation_mail_at) return null;
  return { state, error: row.confirmation_mail_error ?? null, at: row.confirmation_mail_at };
}

const MAIL_STATES = ["queued", "sent", "retrying", "failed"] as const;
const isMailState = (state: string | null | undefined): state is ConfirmationMailState["state"] => MAIL_STATES.some((known) => known === state);

/**
 * The dashboard's list of confirmation mails that did not arrive, newest first: who did not get one,
 * why, and whether the site is still trying.
 */
export async function failedConfirmationMails(db: Db, limit = 10): Promise<Array<{ email: string; error: string | null; at: string; retrying: boolean }>> {
  const rows = await db
    .selectFrom("subscribers")
    .select(["email", "confirmation_mail", "confirmation_mail_error", "confirmation_mail_at"])
    .where("confirmation_mail", "in", ["failed", "retrying"])
    .where("is_verified", "=", 0)
    .where("unsubscribed_at", "is", null)
    .orderBy("confirmation_mail_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ email: row.email, error: row.confirmation_mail_error ?? null, at: row.confirmation_mail_at ?? "", retrying: row.confirmation_mail === "retrying" }));
}

const countOf = (row: { count: string | number | bigint } | undefined) => Number(row?.count ?? 0);

/** A search counts its matches up to this many ("more than 10,000"): counting every match of "a" costs more than it tells. */
export const SEARCH_COUNT_LIMIT = 10_000;
/** Rows SQLite may walk newest first to fill a page of a broad search before sorting the matches is cheaper. */
const WALK_LIMIT = 200_000;

export interface SubscriberPage extends Paged<SubscriberListItem> {
  /** The search has more matches than `total` (which is then SEARCH_COUNT_LIMIT). */
  more: boolean;
}

/**
 * One page of the list, newest first, and how many match. The page's rows are picked from the
 * (created_at, id) index first and read after ("deferred join"), so deep pages skip index entries
 * rather than rows, and from whichever end of the list is nearer. PostgreSQL chooses between the search
 * indexes and walking the newest first from its statistics (and picks the page of a text found anywhere
 * from the matches it read to count them, when they are under the limit); SQLite always takes the search
 * indexes and sorts every match, so for a broad search (the count reached its limit, and a page is found
 * within WALK_LIMIT rows) it is told to walk.
 */
export async function listSubscribers(db: Db, dialect: DialectName, query: string, requestedPage: number): Promise<SubscriberPage> {
  const search = subscriberSearch(query);
  const asked = { offset: (Math.max(1, requestedPage) - 1) * SUBSCRIBER_PAGE_SIZE, size: SUBSCRIBER_PAGE_SIZE };
  const found = search.kind === "all" ? null : await findMatches(db, dialect, search, SEARCH_COUNT_LIMIT + 1, asked);
  const counted = found ? found.count : countOf(await db.selectFrom("subscribers").select((eb) => eb.fn.countAll().as("count")).executeTakeFirst());
  // Only a search's count stops at its limit.
  const more = found !== null && counted > SEARCH_COUNT_LIMIT;
  const total = found ? Math.min(counted, SEARCH_COUNT_LIMIT) : counted;
  const { page, pageCount, offset } = pageWindow(total, requestedPage, SUBSCRIBER_PAGE_SIZE);
  let walk = false;
  if (more && dialect === "sqlite") {
    const all = countOf(await db.selectFrom("subscribers").select((eb) => eb.fn.countAll().as("count")).executeTakeFirst());
    // At least SEARCH_COUNT_LIMIT of `all` rows match, so a page lies within this many rows.
    walk = ((offset + SUBSCRIBER_PAGE_SIZE) * all) / SEARCH_COUNT_LIMIT <= WALK_LIMIT;
  }
  // A page in the older half is counted from the oldest end (the count is exact then): half the skipping.
  const fromOldest = !more && offset > total / 2;
  const order = fromOldest ? "asc" : "desc";
  const size = fromOldest ? Math.min(SUBSCRIBER_PAGE_SIZE, total - offset) : SUBSCRIBER_PAGE_SIZE;
  const skip = fromOldest ? total - offset - size : offset;
  // The page came with the count unless it was past the end (the last page is shown instead).
  const ids = found?.page && offset === asked.offset ? found.page : matching(db, dialect, search, walk).select("id").orderBy("created_at", order).orderBy("id", order).limit(size).offset(skip);
  const rows = Array.isArray(ids) && ids.length === 0 ? [] : await db
    .selectFrom("subscribers")
    .select(["id", "email", "first_name", "last_name", "source", "created_at", "is_verified", "unsubscribed_at", "confirmation_mail", "confirmation_mail_error", "confirmation_mail_at", "mail_stopped_reason", "mail_stopped_detail", "mail_stopped_at"])
    .where("id", "in", ids)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const items = rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    source: row.source,
    createdAt: row.created_at,
    status: statusOf(row),
    mail: statusOf(row) === "waiting" ? mailStateOf(row) : null,
    mailStop: row.mail_stopped_reason && row.mail_stopped_at ? { reason: row.mail_stopped_reason, detail: row.mail_stopped_detail ?? null, at: row.mail_stopped_at } : null,
  }));
  return { items, total, more, page, pageCount };
}

/**
 * How many subscribers there are in each state, each count read from an index alone (`knownTotal`
 * saves counting them all again). Unsubscribing sets is_verified to 0; rows written otherwise
 * (unsubscribed yet verified) count as unsubscribed.
 */
export async function subscriberCounts(db: Db, knownTotal?: number): Promise<SubscriberCounts> {
  const [all, verified, gone] = await Promise.all([
    knownTotal ?? db.selectFrom("subscribers").select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
    db.selectFrom("subscribers").select((eb) => eb.fn.countAll().as("count")).where("is_verified", "=", 1).executeTakeFirst(),
    // Summed rather than filtered on is_verified, so that SQLite reads the unsubscribed_at index.
    db
      .selectFrom("subscribers")
      .select((eb) => [eb.fn.countAll().as("count"), eb.fn.sum<number | string | null>("is_verified").as("verified")])
      .where("unsubscribed_at", "is not", null)
      .executeTakeFirst(),
  ]);
  const total = typeof all === "number" ? all : countOf(all);
  const unsubscribed = countOf(gone);
  const confirmed = countOf(verified) - Number(gone?.verified ?? 0);
  return { total, confirmed, unsubscribed, waiting: total - confirmed - unsubscribed };
}

/** "2026-01" for the month `back` months before the month of `now` (UTC). */
function monthBefore(now: Date, back: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

/**
 * The counts, sign-ups per month for the last 12 months, and sign-ups by source. Each month is its own
 * range count on the (created_at, id) index: several times faster than grouping by month. The number
 * of all subscribers may be given when the caller has just counted them.
 */
export async function subscriberStats(db: Db, now: Date, knownTotal?: number): Promise<SubscriberStats> {
  const months = Array.from({ length: GROWTH_MONTHS + 1 }, (_, index) => monthBefore(now, GROWTH_MONTHS - 1 - index));
  const start = (month: string) => `${month}-01T00:00:00.000Z`;
  const [counts, perMonth, perSource] = await Promise.all([
    subscriberCounts(db, knownTotal),
    db
      .selectNoFrom((eb) =>
        months.slice(0, GROWTH_MONTHS).map((month, index) =>
          eb
            .selectFrom("subscribers")
            .select(eb.fn.countAll().as("count"))
            .where("created_at", ">=", start(month))
            .where("created_at", "<", start(months[index + 1]!))
            .as(`m${index}`),
        ),
      )
      .executeTakeFirstOrThrow() as Promise<Record<string, unknown>>,
    db
      .selectFrom("subscribers")
      .select((eb) => ["source", eb.fn.countAll().as("count")])
      .groupBy("source")
      .execute(),
  ]);
  return {
    ...counts,
    months: months.slice(0, GROWTH_MONTHS).map((month, index) => ({ month, count: Number(perMonth[`m${index}`] ?? 0) })),
    sources: perSource.map((row) => ({ source: row.source, count: countOf(row) })).sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)),
  };
}

/** Viewing the list is audited (`view_subscribers`): the page, and whether it was a search. */
export async function recordSubscribersViewed(db: Db, actor: Actor, view: { page: number; searched: boolean; matches: number }, now: Date): Promise<void> {
  await recordAudit(db, actor, { action: "view_subscribers", resource: "subscribers", details: view }, now);
}

/**
 * The confirmed, still subscribed subscribers as CSV (subscribers.csv with Email, First Name,
 * Last Name, Subscription Source, Date), newest first, read in keyset batches of 2 000 while the
 * response is sent, so a million rows never sit in memory. Cells that could run as a formula are
 * neutralised (modules/audit/csv.ts). The export is audited (`export_subscribers`, with the number of
 * rows) before the first byte; subscribers who sign up meanwhile are not included.
 */
export async function exportSubscribers(db: Db, actor: Actor, now: Date): Promise<{ rows: number; body: ReadableStream<Uint8Array> }> {
  const { confirmed: rows } = await subscriberCounts(db);
  await recordAudit(db, actor, { action: "export_subscribers", resource: "subscribers", details: { rows } }, now);
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const head = started ? "" : UTF8_BOM + csvRecord(SUBSCRIBER_CSV_HEADER);
        started = true;
        const cursor = after;
        const batch = await db
          .selectFrom("subscribers")
          .select(["id", "email", "first_name", "last_name", "source", "created_at"])
          .where(active)
          .$if(cursor !== null, (query) => query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(cursor!.createdAt, cursor!.id))))
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(CSV_BATCH_SIZE)
          .execute();
        const text = head + batch.map((row) => csvRecord([row.email, row.first_name, row.last_name, row.source, row.created_at])).join("");
        if (text) controller.enqueue(encoder.encode(text));
        const last = batch[batch.length - 1];
        if (batch.length < CSV_BATCH_SIZE || !last) controller.close();
        else after = { createdAt: last.created_at, id: last.id };
      },
    },
    // One batch ahead at most: the next is read when the client has taken the previous one.
    { highWaterMark: 1 },
  );
  return { rows, body };
}
