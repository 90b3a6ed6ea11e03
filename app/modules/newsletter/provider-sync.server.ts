import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { MailingProviderError, type MailingProvider, type ProviderGroup } from "~/adapters/mailing/mailerlite.server";
import { recordAudit, recordSecurityEvent, SYSTEM_ACTOR, type Actor } from "~/modules/audit/audit.server";
import type { OutboxHandler } from "~/modules/outbox/drain.server";
import type { OutboxTopic } from "~/modules/outbox/enqueue.server";
import type { Outbox } from "~/modules/outbox/outbox.server";
import { PermanentFailure, RetryLater } from "~/modules/outbox/outcomes";
import { Refusal } from "~/lib/refusal";
import { groupIdsFor, providerGroupFor } from "./provider-groups";

/**
 * The mailing provider follows the subscribers table: a confirmed subscriber is
 * added as 'active' in the group of their source, one who leaves is set to 'unsubscribed'. The calls
 * run from the outbox (docs/decisions/026-outbox-for-deferred-work.md), so a provider failure never
 * fails a subscribe; each handler reads the subscriber when it runs and acts on what is true then.
 * Without MAILERLITE_API_KEY nothing is called and the rows complete at once.
 */

export interface ProviderSyncServices {
  db: Db;
  logger: Logger;
  /** Built once at start from the settings; null without MAILERLITE_API_KEY. */
  mailingProvider: MailingProvider | null;
}

/** The provider's rate limit covers every call: a 429 on one of these topics holds back the others. */
const PROVIDER_TOPICS = ["newsletter.provider-upsert", "newsletter.provider-unsubscribe"] as const satisfies readonly OutboxTopic[];
const UPSERT_TOPIC = "newsletter.provider-upsert" satisfies OutboxTopic;
const GROUPS_CACHE_MS = 10 * 60_000;
/** How long the admin's Sync pushes directly before handing the rest to the outbox. */
const SYNC_BUDGET_MS = 20_000;

interface Connection {
  client: MailingProvider;
  groupIds: (names: string[], now: Date) => Promise<string[]>;
}

function connect({ mailingProvider: client, logger }: ProviderSyncServices): Connection | null {
  if (!client) return null;
  // Groups are fetched by name at most every 10 minutes; a missing name is logged once per fetch.
  let cache: { at: number; groups: ProviderGroup[]; warned: Set<string> } | undefined;
  const groupIds = async (names: string[], now: Date) => {
    const age = cache ? now.getTime() - cache.at : Infinity;
    if (!cache || age < 0 || age >= GROUPS_CACHE_MS) cache = { at: now.getTime(), groups: await client.listGroups(), warned: new Set() };
    const { ids, missing } = groupIdsFor(names, cache.groups);
    for (const group of missing.filter((name) => !cache!.warned.has(name))) {
      cache.warned.add(group);
      logger.warn({ group }, "the mailing provider has no group of this name: subscribers are added without it");
    }
    return ids;
  };
  return { client, groupIds };
}

const COLUMNS = ["id", "email", "first_name", "last_name", "source", "is_verified", "confirmed_at", "unsubscribed_at", "provider_id"] as const;
type SubscriberRow = { id: string; email: string; first_name: string | null; last_name: string | null; source: string; is_verified: number; confirmed_at: string | null; unsubscribed_at: string | null; provider_id: string | null };

const readSubscriber = (db: Db, id: string): Promise<SubscriberRow | undefined> => db.selectFrom("subscribers").select(COLUMNS).where("id", "=", id).executeTakeFirst();

/** Confirmed and not gone: the only subscribers the provider may know as active. */
const isActive = (row: SubscriberRow) => Number(row.is_verified) === 1 && row.unsubscribed_at === null;

async function push({ db }: ProviderSyncServices, connection: Connection, row: SubscriberRow, now: Date): Promise<void> {
  const groups = await connection.groupIds([providerGroupFor(row.source)], now);
  const { id } = await connection.client.upsertSubscriber({ email: row.email, name: row.first_name, lastName: row.last_name, groups, status: "active" });
  if (id && id !== row.provider_id) await db.updateTable("subscribers").set({ provider_id: id.slice(0, 64) }).where("id", "=", row.id).execute();
}

/**
 * A provider error becomes a security event ('API error: {status} - {body}') and tells the
 * outbox what to do: wait for Retry-After on a 429, retry a server or network failure, give up on any
 * other 4xx. Anything else (a database error) is returned as it is: a temporary failure.
 */
async function failure(services: ProviderSyncServices, error: unknown, details: { operation: string; subscriberId: string }, now: Date): Promise<unknown> {
  if (!(error instanceof MailingProviderError)) return error;
  const event = { ...details, status: error.status, error: error.message };
  await recordSecurityEvent(services.db, SYSTEM_ACTOR, { type: "mailing_provider_error", severity: error.retryable ? "low" : "medium", details: event }, now);
  services.logger.warn(event, "mailing provider call failed");
  if (error.status === 429) return new RetryLater(error.message, { delayMs: error.retryAfterMs, pauseTopics: PROVIDER_TOPICS });
  if (error.retryable) return error.retryAfterMs === undefined ? error : new RetryLater(error.message, { delayMs: error.retryAfterMs });
  return new PermanentFailure(error.message);
}

export interface ProviderHandlers {
  "newsletter.provider-upsert": OutboxHandler<"newsletter.provider-upsert">;
  "newsletter.provider-unsubscribe": OutboxHandler<"newsletter.provider-unsubscribe">;
}

/** The outbox handlers of the two provider topics, sharing one client and one group cache. */
export function createProviderHandlers(services: ProviderSyncServices): ProviderHandlers {
  const connection = connect(services);
  let toldUnset = false;
  const skipped = () => {
    if (toldUnset) return;
    toldUnset = true;
    services.logger.info("MAILERLITE_API_KEY is not set: the mailing-provider sync is skipped");
  };
  return {
    "newsletter.provider-upsert": async ({ subscriberId }, job) => {
      if (!connection) return skipped();
      const row = await readSubscriber(services.db, subscriberId);
      if (!row || !isActive(row)) return;
      try {
        await push(services, connection, row, job.now);
      } catch (error) {
        throw await failure(services, error, { operation: "upsert", subscriberId }, job.now);
      }
    },
    "newsletter.provider-unsubscribe": async ({ subscriberId }, job) => {
      if (!connection) return skipped();
      const row = await readSubscriber(services.db, subscriberId);
      // Back to active since (a later upsert covers it), or never sent to the provider at all.
      if (!row || isActive(row) || (row.provider_id === null && row.confirmed_at === null)) return;
      try {
        await connection.client.updateSubscriber(row.provider_id ?? row.email, { status: "unsubscribed" });
      } catch (error) {
        if (error instanceof MailingProviderError && error.status === 404) return;
        throw await failure(services, error, { operation: "unsubscribe", subscriberId }, job.now);
      }
    },
  };
}

/** Confirmed subscribers read per query during Sync: memory stays flat however long the list. */
const SYNC_BATCH_SIZE = 500;
type Cursor = { createdAt: string; id: string };

/** The confirmed, still subscribed subscribers from `cursor` on (inclusive), oldest first. */
function activeFrom(db: Db, cursor: Cursor | null) {
  return db
    .selectFrom("subscribers")
    .where("is_verified", "=", 1)
    .where("unsubscribed_at", "is", null)
    .$if(cursor !== null, (query) => query.where((eb) => eb(eb.refTuple("created_at", "id"), ">=", eb.tuple(cursor!.createdAt, cursor!.id))));
}

/**
 * Hands every active subscriber from `cursor` on to the outbox in one statement (no list in memory),
 * skipping those with an upsert already waiting. Returns how many are left to sync and how many rows
 * were added.
 */
async function queueFrom(outbox: Outbox, trx: Db, cursor: Cursor, now: Date): Promise<{ left: number; queued: number }> {
  const left = Number((await activeFrom(trx, cursor).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const queued = await outbox.enqueueFromQuery(trx, UPSERT_TOPIC, "subscriberId", activeFrom(trx, cursor).select("id"), now);
  return { left, queued };
}

/**
 * The admin's Sync ('Sync completed'): pushes every confirmed subscriber to the provider now,
 * oldest first, read in batches of 500, for up to 20 s. When time is up or the provider is unwell or
 * limiting us (a temporary failure, a 429), the rest is handed to the outbox, which retries with
 * backoff; all of those count as failed here, as do the ones the provider refused outright. Written
 * to the audit log as sync_mailerlite. Without a key it is refused
 * as "notConfigured" ('API key not configured', 503).
 */
export async function syncAllVerified(
  services: ProviderSyncServices & { now: () => Date; outbox: Outbox },
  actor: Actor,
  { budgetMs = SYNC_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<{ synced: number; failed: number }> {
  const connection = connect(services);
  if (!connection) throw new Refusal("notConfigured", { status: 503 });
  const { db } = services;
  const started = services.now().getTime();
  let synced = 0;
  let refused = 0;
  let cursor: Cursor | null = null;
  // Where pushing stopped: this subscriber and every later one go to the outbox.
  let stoppedAt: Cursor | null = null;
  read: for (;;) {
    const after: Cursor | null = cursor;
    const batch = await activeFrom(db, null)
      .select(COLUMNS)
      .select("created_at")
      .$if(after !== null, (query) => query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(after!.createdAt, after!.id))))
      .orderBy("created_at")
      .orderBy("id")
      .limit(SYNC_BATCH_SIZE)
      .execute();
    for (const row of batch) {
      cursor = { createdAt: row.created_at, id: row.id };
      if (services.now().getTime() - started > budgetMs) {
        stoppedAt = cursor;
        break read;
      }
      try {
        await push(services, connection, row, services.now());
        synced += 1;
      } catch (error) {
        const outcome = await failure(services, error, { operation: "sync", subscriberId: row.id }, services.now());
        if (outcome instanceof PermanentFailure) {
          refused += 1;
          continue;
        }
        stoppedAt = cursor;
        break read;
      }
    }
    if (batch.length < SYNC_BATCH_SIZE) break;
  }
  const now = services.now();
  const { left, queued } = await db.transaction().execute(async (trx) => {
    const handedOver = stoppedAt ? await queueFrom(services.outbox, trx, stoppedAt, now) : { left: 0, queued: 0 };
    const details = { synced, failed: handedOver.left + refused, queued: handedOver.left };
    await recordAudit(trx, actor, { action: "sync_mailerlite", resource: "subscribers", details }, now);
    return handedOver;
  });
  if (queued > 0) services.logger.info({ queued }, "mailing-provider sync: the rest is left to the outbox");
  return { synced, failed: left + refused };
}
