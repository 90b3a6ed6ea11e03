import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { BATCH_MAX, type MailingProvider } from "~/adapters/mailing/mailerlite.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import type { OutboxBatchHandler } from "~/modules/outbox/batch.server";
import type { OutboxTopic } from "~/modules/outbox/enqueue.server";
import type { Outbox } from "~/modules/outbox/outbox.server";
import { Refusal } from "~/lib/refusal";
import { createGroupLookup, IMPORT_RESERVE, runProviderBatch } from "./provider-batch.server";

/**
 * The mailing provider follows the subscribers table: a confirmed subscriber is added as 'active' in
 * the group of their source, one who leaves is set to 'unsubscribed'. The calls run from the outbox
 * (docs/decisions/026-outbox-for-deferred-work.md), so no request waits on the provider and a provider
 * failure never fails a subscribe. The outbox hands the provider's rows over up to 50 at a time, which
 * go as one batch request, paced by the provider's rate-limit headers
 * (docs/decisions/061-mailerlite-within-its-limits.md). Without MAILERLITE_API_KEY nothing is called
 * and the rows complete at once.
 */

export interface ProviderSyncServices {
  db: Db;
  logger: Logger;
  /** Built once at start from the settings; null without MAILERLITE_API_KEY. */
  mailingProvider: MailingProvider | null;
}

export const PROVIDER_TOPICS = ["newsletter.provider-upsert", "newsletter.provider-unsubscribe"] as const satisfies readonly OutboxTopic[];
const UPSERT_TOPIC = "newsletter.provider-upsert" satisfies OutboxTopic;

export interface ProviderHandlers {
  "newsletter.provider-upsert": OutboxBatchHandler;
  "newsletter.provider-unsubscribe": OutboxBatchHandler;
}

/** One batch handler for both provider topics, with one client, its pace and one group cache. */
export function createProviderHandlers(services: ProviderSyncServices): ProviderHandlers {
  const client = services.mailingProvider;
  const groups = client ? createGroupLookup(client, services.logger) : null;
  let toldUnset = false;
  const handler: OutboxBatchHandler = {
    kind: "batch",
    topics: PROVIDER_TOPICS,
    maxRows: BATCH_MAX,
    heldUntil(now) {
      if (!client) return 0;
      const { pace } = client;
      if (pace.readyAt > now.getTime()) return pace.readyAt;
      // Imports are held and the window's last requests are kept for them: wait for the import window.
      if (pace.importReadyAt > now.getTime() && pace.remaining !== null && pace.remaining <= IMPORT_RESERVE) return pace.importReadyAt;
      return 0;
    },
    async run(jobs) {
      if (!client || !groups) {
        if (!toldUnset) services.logger.info("MAILERLITE_API_KEY is not set: the mailing-provider sync is skipped");
        toldUnset = true;
        return new Map(jobs.map((job) => [job.job.id, undefined]));
      }
      return runProviderBatch({ ...services, client, groups }, jobs);
    },
  };
  return { "newsletter.provider-upsert": handler, "newsletter.provider-unsubscribe": handler };
}

/** How many provider rows the outbox has yet to finish: what a Sync still has to send. */
export async function providerBacklog(db: Db): Promise<number> {
  const row = await db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n")).where("done_at", "is", null).where("topic", "in", PROVIDER_TOPICS).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Confirmed and not gone: the only subscribers the provider may know as active. */
function activeSubscribers(db: Db) {
  return db.selectFrom("subscribers").where("is_verified", "=", 1).where("unsubscribed_at", "is", null);
}

/**
 * The admin's Sync: every confirmed subscriber is handed to the outbox in one statement (no list in
 * memory; one already waiting is not queued twice), and the outbox sends them as fast as the
 * provider's limits allow. The request itself never waits on the provider. Written to the audit log as
 * sync_mailerlite. Without a key it is refused as "notConfigured" ('API key not configured', 503).
 */
export async function syncAllVerified(services: ProviderSyncServices & { now: () => Date; outbox: Outbox }, actor: Actor): Promise<{ confirmed: number; queued: number }> {
  if (!services.mailingProvider) throw new Refusal("notConfigured", { status: 503 });
  const now = services.now();
  const answer = await services.db.transaction().execute(async (trx) => {
    const confirmed = Number((await activeSubscribers(trx).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const queued = await services.outbox.enqueueFromQuery(trx, UPSERT_TOPIC, "subscriberId", activeSubscribers(trx).select("id"), now);
    await recordAudit(trx, actor, { action: "sync_mailerlite", resource: "subscribers", details: { confirmed, queued } }, now);
    return { confirmed, queued };
  });
  services.outbox.wake();
  services.logger.info(answer, "mailing-provider sync: the confirmed subscribers are queued");
  return answer;
}
