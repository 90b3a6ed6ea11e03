import type { AppServices } from "~/adapters/context.server";
import { ADMIN_MODE_LIMITS, deleteStaleAdminModes } from "~/modules/accounts/admin-mode.server";
import { deleteExpiredUnconfirmedAccounts } from "~/modules/accounts/unconfirmed-accounts.server";
import { deleteAuditOlderThan } from "~/modules/audit/retention.server";
import { deleteFinishedOutboxRows } from "~/modules/outbox/retention.server";
import { deleteExpiredLimits } from "~/modules/rate-limit/rate-limit.server";
import { readSettings } from "~/modules/settings/settings.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One retention pass: audit rows and security events past the setting's age, expired rate limits,
 * and outbox rows finished more than a week ago.
 */
export async function runRetention(services: Pick<AppServices, "db" | "now">) {
  const { db } = services;
  // One instant for the whole pass, so each part judges age against the same time.
  const now = services.now();
  const settings = await readSettings(db);
  const days = Math.max(1, Number.parseInt(settings["retention.days"], 10) || 90);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const { audit, security } = await deleteAuditOlderThan(db, cutoff);
  const rateLimits = await deleteExpiredLimits(db, now);
  const outbox = await deleteFinishedOutboxRows(db, now);
  return { days, audit, security, rateLimits, outbox };
}

/**
 * Runs `task` after `firstRunMs` and then every `everyMs`, inside the server process. A failure is
 * logged and retried on the next round; the timers never keep the process alive.
 */
function repeat(services: AppServices, name: string, task: () => Promise<unknown>, firstRunMs: number, everyMs: number): () => void {
  const run = async () => {
    try {
      services.logger.info({ job: name, result: await task() }, `${name}: done`);
    } catch (error) {
      services.logger.error({ err: error, job: name }, `${name} failed; it runs again next round`);
    }
  };
  const first = setTimeout(run, firstRunMs);
  const later = setInterval(run, everyMs);
  first.unref();
  later.unref();
  return () => {
    clearTimeout(first);
    clearInterval(later);
  };
}

/** The retention pass a minute after start and then daily. */
export function scheduleRetention(services: AppServices, { firstRunMs = 60_000, everyMs = DAY_MS } = {}): () => void {
  return repeat(services, "retention", () => runRetention(services), firstRunMs, everyMs);
}

/** Admin-mode rows unused for 30 minutes are removed every 30 minutes. */
export function scheduleAdminModeCleanup(services: AppServices): () => void {
  const every = ADMIN_MODE_LIMITS.staleCleanupEveryMs;
  return repeat(services, "admin-mode cleanup", async () => ({ deleted: await deleteStaleAdminModes(services.db, services.now()) }), every, every);
}

/** Accounts never confirmed are removed hourly once their confirmation link has expired. */
export function scheduleUnconfirmedAccountCleanup(services: AppServices): () => void {
  const hour = 60 * 60 * 1000;
  return repeat(services, "unconfirmed-account cleanup", () => runUnconfirmedAccountCleanup(services), 5 * 60_000, hour);
}

export async function runUnconfirmedAccountCleanup({ db, dialect, now }: Pick<AppServices, "db" | "dialect" | "now">) {
  return { deleted: await deleteExpiredUnconfirmedAccounts({ db, dialect }, now()) };
}

/** Resumable uploads abandoned for a day (never finished, or never used by a form) are removed hourly. */
export function scheduleStagedUploadCleanup(services: AppServices): () => void {
  const hour = 60 * 60 * 1000;
  return repeat(services, "staged-upload cleanup", async () => ({ deleted: await services.uploads.removeExpired() }), 5 * 60_000, hour);
}

/**
 * With BOUNCE_IMAP_URL set, the bounce mailbox is read through the outbox every `everyMs` (five minutes):
 * a row of "newsletter.bounces" is queued when none waits, so several processes read it one at a time.
 */
export function scheduleBounceReading(services: AppServices, { everyMs = 5 * 60_000 } = {}): () => void {
  if (!services.config.newsletter.bounceImapUrl) return () => {};
  return repeat(
    services,
    "bounce mailbox",
    async () => {
      const { db, now } = services;
      const waiting = await db.selectFrom("outbox").select("id").where("topic", "=", "newsletter.bounces").where("done_at", "is", null).limit(1).executeTakeFirst();
      if (waiting) return { queued: false };
      await services.outbox.enqueue(db, "newsletter.bounces", {}, now());
      services.outbox.wake();
      return { queued: true };
    },
    everyMs,
    everyMs,
  );
}
