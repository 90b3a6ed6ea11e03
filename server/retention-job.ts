import type { AppServices } from "~/adapters/context.server";
import { deleteAuditOlderThan } from "~/modules/audit/retention.server";
import { deleteExpiredLimits } from "~/modules/rate-limit/rate-limit.server";
import { readSettings } from "~/modules/settings/settings.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One retention pass: audit rows and security events past the setting's age, expired rate limits. */
export async function runRetention({ db, now }: Pick<AppServices, "db" | "now">) {
  const settings = await readSettings(db);
  const days = Math.max(1, Number.parseInt(settings["retention.days"], 10) || 90);
  const cutoff = new Date(now().getTime() - days * DAY_MS);
  const { audit, security } = await deleteAuditOlderThan(db, cutoff);
  const rateLimits = await deleteExpiredLimits(db, now());
  return { days, audit, security, rateLimits };
}

/**
 * Runs the retention pass a minute after start and then daily, inside the server process. A failure
 * is logged and retried on the next round; the timers never keep the process alive.
 */
export function scheduleRetention(services: AppServices, { firstRunMs = 60_000, everyMs = DAY_MS } = {}): () => void {
  const run = async () => {
    try {
      services.logger.info(await runRetention(services), "retention: old audit rows, security events and rate limits deleted");
    } catch (error) {
      services.logger.error({ err: error }, "retention pass failed; it runs again tomorrow");
    }
  };
  const first = setTimeout(run, firstRunMs);
  const daily = setInterval(run, everyMs);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
