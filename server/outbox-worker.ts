import type { AppServices } from "~/adapters/context.server";
import { accountMailHandlers } from "~/modules/accounts/account-mail-jobs.server";
import { mailContactMessage } from "~/modules/contact/owner-mail.server";
import { sendConfirmationMail } from "~/modules/newsletter/confirmation-mail.server";
import { createProviderHandlers } from "~/modules/newsletter/provider-sync.server";
import { drainOutbox, OUTBOX_LIMITS, type OutboxHandler, type OutboxHandlers } from "~/modules/outbox/drain.server";
import type { OutboxTopic } from "~/modules/outbox/enqueue.server";
import { outboxMailer } from "~/modules/outbox/outbox-mailer.server";

/**
 * The outbox worker (docs/decisions/026-outbox-for-deferred-work.md): inside the server process, it
 * drains due rows every 2 seconds, and at once when woken after an enqueue. Every process may run
 * one; row claims keep each row to one worker at a time. Due rows are judged by the services' clock,
 * the one that stamped them when they were enqueued.
 */

/**
 * Who does the work of each topic. Every topic is listed: a topic left undefined keeps its rows
 * waiting (nothing is lost) until its handler is filled in here.
 */
export function outboxHandlers(services: Pick<AppServices, "auth" | "config" | "db" | "logger" | "mailer" | "now">): { [T in OutboxTopic]: OutboxHandler<T> | undefined } {
  const { db, config, now } = services;
  const provider = createProviderHandlers(services);
  // Every mail goes through this wrapper: a refusal for good ends the row, a dead server holds back all mail rows.
  const mailer = outboxMailer(services.mailer);
  const accounts = accountMailHandlers({ db, auth: services.auth, mailer, appUrl: config.appUrl });
  return {
    "newsletter.confirmation-mail": ({ subscriberId }) => sendConfirmationMail({ db, mailer, appUrl: config.appUrl }, subscriberId),
    "newsletter.provider-upsert": provider["newsletter.provider-upsert"],
    "newsletter.provider-unsubscribe": provider["newsletter.provider-unsubscribe"],
    "accounts.mail": accounts["accounts.mail"],
    "accounts.link-request": accounts["accounts.link-request"],
    "contact.owner-mail": ({ messageId }) => mailContactMessage({ db, mailer, contactEmail: config.contactEmail, now }, messageId),
  };
}

export interface OutboxWorker {
  /** Look for due work now (e.g. right after a commit that enqueued some); cheap to call often. */
  wake: () => void;
  /** Stops polling and waits (at most `graceMs`) for the row in hand to finish. */
  stop: () => Promise<void>;
}

export function startOutboxWorker(
  services: Pick<AppServices, "db" | "logger"> & Partial<Pick<AppServices, "now">>,
  handlers: OutboxHandlers,
  { pollMs = 2_000, firstRunMs = 1_000, graceMs = 5_000 }: { pollMs?: number; firstRunMs?: number; graceMs?: number } = {},
): OutboxWorker {
  const { logger } = services;
  const waiting = (Object.keys(handlers) as OutboxTopic[]).filter((topic) => typeof handlers[topic] !== "function");
  if (waiting.length > 0) logger.warn({ topics: waiting }, "outbox: no handler for these topics yet; their rows wait");

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  const drainOnce = async () => {
    do {
      again = false;
      try {
        const result = await drainOutbox(services, handlers, { clock: services.now, shouldStop: () => stopped });
        if (result.claimed > 0 || result.lost > 0) logger.info({ job: "outbox", result }, "outbox: drained");
        // A full drain leaves more due work: go on without waiting for the next poll.
        if (result.claimed >= OUTBOX_LIMITS.rowsPerDrain) again = true;
      } catch (error) {
        logger.error({ err: error, job: "outbox" }, "outbox: drain failed; it runs again next round");
      }
    } while (again && !stopped);
  };

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainOnce().finally(() => {
      running = undefined;
      schedule(pollMs);
    });
  }

  schedule(firstRunMs);
  return {
    wake: () => {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (!running) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
  };
}
