import type { Db } from "~/adapters/db/database.server";
import type { BounceMailboxSettings } from "~/adapters/mail/bounce-mailbox.server";
import { readBounceReports } from "~/adapters/mail/bounce-mailbox.server";
import type { BounceReport } from "~/adapters/mail/bounce-reports";
import { RetryLater } from "~/modules/outbox/outcomes";
import { countSoftBounce, stopMail } from "./mail-stops.server";

export interface BounceOutcome {
  hard: number;
  soft: number;
  complaints: number;
  /** Reports that name no delivery of ours to that address: anyone can mail the bounce address. */
  ignored: number;
}

/** The delivery a report's header names, when it is ours and was sent to that very address. */
async function deliveryOf(db: Db, delivery: string | undefined, recipient: string | undefined) {
  const [issueId, subscriberId] = (delivery ?? "").split(".");
  if (!issueId || !subscriberId) return null;
  const row = await db
    .selectFrom("newsletter_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .select(["d.issue_id", "d.subscriber_id", "d.status", "s.email"])
    .where("d.issue_id", "=", issueId)
    .where("d.subscriber_id", "=", subscriberId)
    .where("d.status", "in", ["sent", "bounced"])
    .executeTakeFirst();
  if (!row || (recipient !== undefined && row.email !== recipient.toLowerCase())) return null;
  return row;
}

/**
 * What bounce reports and complaints do, each acted on only when its X-Newsletter-Delivery header names a
 * mail the site sent to that address (a forged report stops nobody): a hard bounce stops mail to the
 * address, a soft one counts toward NEWSLETTER_SOFT_BOUNCE_LIMIT, a complaint unsubscribes. A report read
 * twice (the mailbox is read at least once) changes nothing the second time: the delivery is already bounced.
 */
export async function applyBounceReports(db: Db, reports: readonly BounceReport[], softBounceLimit: number, now: Date): Promise<BounceOutcome> {
  const outcome: BounceOutcome = { hard: 0, soft: 0, complaints: 0, ignored: 0 };
  for (const report of reports) {
    if (report.kind === "other" || (report.kind === "bounce" && report.action !== "failed")) continue;
    const delivery = await deliveryOf(db, report.delivery, report.recipient);
    if (!delivery) {
      outcome.ignored += 1;
      continue;
    }
    await db.transaction().execute(async (trx) => {
      if (report.kind === "complaint") {
        await stopMail(trx, delivery.subscriber_id, "complaint", "Marked as spam in the reader's mail program", now);
        outcome.complaints += 1;
        return;
      }
      if (delivery.status === "bounced") return;
      await trx
        .updateTable("newsletter_deliveries")
        .set({ status: "bounced", last_error: (report.diagnostic ?? report.status).slice(0, 300) })
        .where("issue_id", "=", delivery.issue_id)
        .where("subscriber_id", "=", delivery.subscriber_id)
        .execute();
      const detail = report.diagnostic ?? `Bounce report ${report.status}`;
      if (report.hard) {
        await stopMail(trx, delivery.subscriber_id, "hard-bounce", detail, now);
        outcome.hard += 1;
      } else {
        await countSoftBounce(trx, delivery.subscriber_id, softBounceLimit, detail, now);
        outcome.soft += 1;
      }
    });
  }
  return outcome;
}

/**
 * The outbox handler of "newsletter.bounces": reads the bounce mailbox (at most 200 messages a run) and
 * applies what it finds; more waiting runs it again at once.
 */
export async function readBounceMailbox(services: { db: Db; now: () => Date; mailbox: BounceMailboxSettings; softBounceLimit: number }): Promise<BounceOutcome> {
  const total: BounceOutcome = { hard: 0, soft: 0, complaints: 0, ignored: 0 };
  const round = await readBounceReports(services.mailbox, {
    handle: async (reports) => {
      const outcome = await applyBounceReports(services.db, reports, services.softBounceLimit, services.now());
      for (const key of Object.keys(total) as Array<keyof BounceOutcome>) total[key] += outcome[key];
    },
  });
  if (round.more) throw new RetryLater("more bounce reports waiting", { delayMs: 0, countsAsTry: false });
  return total;
}
