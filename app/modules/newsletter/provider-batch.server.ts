import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { idOf, MailingProviderError, providerRequests, type MailingProvider, type ProviderGroup, type ProviderReply, type ProviderRequest } from "~/adapters/mailing/mailerlite.server";
import { isImport } from "~/adapters/mailing/provider-requests";
import { recordSecurityEvent, SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import type { BatchJob } from "~/modules/outbox/batch.server";
import { PermanentFailure, RetryLater } from "~/modules/outbox/outcomes";
import { groupIdsFor, providerGroupFor } from "./provider-groups";

/**
 * One run of the provider's outbox rows (up to 50): each row's subscriber is read as it is now, turned
 * into one request (an upsert by address for someone the provider does not know yet, an update by the
 * provider's id otherwise, an unsubscribe by id), and the requests go as one POST /batch. While the
 * import limit holds batches of upserts back, upserts go one by one on the requests left in the window.
 * A 429 is the provider's back-pressure: the rows wait as told, without a try counted, and no security
 * event is written. Any other failure is recorded as a security event ('API error: {status} - {body}').
 */

const GROUPS_CACHE_MS = 10 * 60_000;

/**
 * Requests kept back for imports while the import limit is reached: a batch of upserts (50 subscribers)
 * needs one request of the 120, so the last few of a window are not spent one subscriber at a time.
 */
export const IMPORT_RESERVE = 5;

type SubscriberRow = { id: string; email: string; first_name: string | null; last_name: string | null; source: string; is_verified: number; confirmed_at: string | null; unsubscribed_at: string | null; provider_id: string | null };
const COLUMNS = ["id", "email", "first_name", "last_name", "source", "is_verified", "confirmed_at", "unsubscribed_at", "provider_id"] as const;
const isActive = (row: SubscriberRow) => Number(row.is_verified) === 1 && row.unsubscribed_at === null;

export type GroupLookup = (names: string[], now: Date) => Promise<string[]>;

/** Group ids by name, fetched at most every 10 minutes; a missing name is logged once per fetch. */
export function createGroupLookup(client: MailingProvider, logger: Logger): GroupLookup {
  let cache: { at: number; groups: ProviderGroup[]; warned: Set<string> } | undefined;
  return async (names, now) => {
    const age = cache ? now.getTime() - cache.at : Infinity;
    if (!cache || age < 0 || age >= GROUPS_CACHE_MS) cache = { at: now.getTime(), groups: await client.listGroups(), warned: new Set() };
    const { ids, missing } = groupIdsFor(names, cache.groups);
    for (const group of missing.filter((name) => !cache!.warned.has(name))) {
      cache.warned.add(group);
      logger.warn({ group }, "the mailing provider has no group of this name: subscribers are added without it");
    }
    return ids;
  };
}

interface Services {
  db: Db;
  logger: Logger;
  client: MailingProvider;
  groups: GroupLookup;
}

interface Work {
  jobId: string;
  subscriberId: string;
  operation: "upsert" | "update" | "unsubscribe";
  request: ProviderRequest;
}

/**
 * Held back by the provider's limits, not failed: no try is counted. Due again at once by default (the
 * batch handler holds the topics until the window ends); a 429 on one request inside a batch, which
 * sets no window, waits a second so the row is not sent again at once.
 */
const heldBack = (why: string, delayMs = 0) => new RetryLater(why, { delayMs, countsAsTry: false });

export async function runProviderBatch(services: Services, jobs: BatchJob[]): Promise<Map<string, unknown>> {
  const outcomes = new Map<string, unknown>(jobs.map((job) => [job.job.id, undefined]));
  const now = jobs[0]?.job.now ?? new Date();
  // A failure of the whole request falls on the rows it carried (all of them while planning).
  let carried: Array<{ jobId: string }> = jobs.map((job) => ({ jobId: job.job.id }));
  try {
    const work = await plan(services, jobs, now);
    carried = work;
    await send(services, work, outcomes, now);
  } catch (error) {
    const outcome = error instanceof MailingProviderError ? await failure(services, error, { operation: "batch", rows: carried.length }, now) : error;
    for (const item of carried) outcomes.set(item.jobId, outcome);
  }
  return outcomes;
}

/** The request for each row that still has something to tell the provider. */
async function plan({ db, client, groups }: Services, jobs: BatchJob[], now: Date): Promise<Work[]> {
  const ids = [...new Set(jobs.map((job) => (job.payload as { subscriberId: string }).subscriberId))];
  const rows = new Map((await db.selectFrom("subscribers").select(COLUMNS).where("id", "in", ids).execute()).map((row) => [row.id, row as SubscriberRow]));
  const work: Work[] = [];
  for (const { topic, payload, job } of jobs) {
    const row = rows.get((payload as { subscriberId: string }).subscriberId);
    if (!row) continue;
    if (topic === "newsletter.provider-upsert") {
      if (!isActive(row)) continue;
      const change = { name: row.first_name, lastName: row.last_name, groups: await groups([providerGroupFor(row.source)], now), status: "active" as const, optedInAt: row.confirmed_at };
      const request = row.provider_id ? providerRequests.update(row.provider_id, change) : providerRequests.upsert({ email: row.email, ...change });
      work.push({ jobId: job.id, subscriberId: row.id, operation: row.provider_id ? "update" : "upsert", request });
      continue;
    }
    // Back to active since (a later upsert covers it), or never sent to the provider at all.
    if (isActive(row) || (row.provider_id === null && row.confirmed_at === null)) continue;
    // Sent before its id was kept: the provider is asked for it by address (a rare, single request).
    const id = row.provider_id ?? (await client.findSubscriberId(row.email));
    if (id) work.push({ jobId: job.id, subscriberId: row.id, operation: "unsubscribe", request: providerRequests.update(id, { status: "unsubscribed" }) });
  }
  return work;
}

async function send(services: Services, work: Work[], outcomes: Map<string, unknown>, now: Date): Promise<void> {
  if (work.length === 0) return;
  const { pace } = services.client;
  const requests = work.map((item) => item.request);
  if (!isImport(requests) || pace.importReadyAt <= now.getTime()) {
    try {
      await settle(services, work, await services.client.send(requests), outcomes, now);
    } catch (error) {
      // The import limit refused the batch: its rows are due again at once and go one by one.
      if (!(error instanceof MailingProviderError && error.rateLimited)) throw error;
      services.logger.info({ status: 429, rows: work.length, retryAfterMs: error.retryAfterMs }, "mailing provider: rate limited; the rows wait");
      for (const item of work) outcomes.set(item.jobId, heldBack(error.message));
    }
    return;
  }
  for (const [index, item] of work.entries()) {
    const spent = pace.readyAt > now.getTime() || (pace.remaining !== null && pace.remaining <= IMPORT_RESERVE);
    if (spent) {
      for (const rest of work.slice(index)) outcomes.set(rest.jobId, heldBack("the provider's requests for this window are spent"));
      return;
    }
    try {
      await settle(services, [item], await services.client.send([item.request]), outcomes, now);
    } catch (error) {
      if (!(error instanceof MailingProviderError && error.rateLimited)) throw error;
      for (const rest of work.slice(index)) outcomes.set(rest.jobId, heldBack(error.message));
      return;
    }
  }
}

/** Each request's answer: done (keeping the provider's id), held back, retried or refused. */
async function settle(services: Services, work: Work[], replies: ProviderReply[], outcomes: Map<string, unknown>, now: Date): Promise<void> {
  const ids: Array<{ subscriberId: string; providerId: string | null }> = [];
  for (const [index, item] of work.entries()) {
    const reply = replies[index]!;
    if (reply.status < 300) {
      if (item.operation === "upsert") ids.push({ subscriberId: item.subscriberId, providerId: idOf(reply.body) });
      continue;
    }
    if (reply.status === 404 && item.operation !== "upsert") {
      // The provider no longer knows this id: an unsubscribe has nothing left to do; an update is sent again as an upsert.
      if (item.operation === "update") {
        ids.push({ subscriberId: item.subscriberId, providerId: null });
        outcomes.set(item.jobId, heldBack("the provider no longer knows this subscriber's id"));
      }
      continue;
    }
    if (reply.status === 429) {
      outcomes.set(item.jobId, heldBack(`API error: 429 - ${JSON.stringify(reply.body)}`, 1_000));
      continue;
    }
    const error = new MailingProviderError(reply.status, JSON.stringify(reply.body ?? "").slice(0, 500), undefined);
    outcomes.set(item.jobId, await failure(services, error, { operation: item.operation, subscriberId: item.subscriberId }, now));
  }
  if (ids.length === 0) return;
  await services.db.transaction().execute(async (trx) => {
    for (const { subscriberId, providerId } of ids) await trx.updateTable("subscribers").set({ provider_id: providerId ? providerId.slice(0, 64) : null }).where("id", "=", subscriberId).execute();
  });
}

/**
 * A provider failure other than a 429 becomes a security event and tells the outbox what to do:
 * retry a server or network failure (after Retry-After when given), give up on any other 4xx.
 */
async function failure(services: Services, error: MailingProviderError, details: Record<string, unknown>, now: Date): Promise<unknown> {
  if (error.rateLimited) {
    services.logger.info({ ...details, retryAfterMs: error.retryAfterMs }, "mailing provider: rate limited; the rows wait");
    return heldBack(error.message);
  }
  const event = { ...details, status: error.status, error: error.message };
  await recordSecurityEvent(services.db, SYSTEM_ACTOR, { type: "mailing_provider_error", severity: error.retryable ? "low" : "medium", details: event }, now);
  services.logger.warn(event, "mailing provider call failed");
  if (error.retryable) return error.retryAfterMs === undefined ? error : new RetryLater(error.message, { delayMs: error.retryAfterMs });
  return new PermanentFailure(error.message);
}
