import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import type { Db } from "~/adapters/db/database.server";
import { MailRefused, MailServerUnavailable, type Mailer } from "~/adapters/mail/mailer.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n/languages";
import { PermanentFailure, RetryLater } from "~/modules/outbox/outcomes";
import { unsubscribeHeaders, unsubscribeUrl } from "~/modules/newsletter/confirmation-mail.server";
import { countSoftBounce, deliveredTo, stopMail } from "~/modules/newsletter/mail-stops.server";
import { mailLanguage, recipients } from "./audience.server";
import { contentLanguages, parseAudience, parseContent, UNSUBSCRIBE_PLACEHOLDER, type IssueContent } from "./issue-content";

export interface IssueSendingServices {
  db: Db;
  logger: Logger;
  now: () => Date;
  /** The pooled newsletter transport. */
  mailer: Mailer;
  appUrl: string;
  newsletter: { bounceAddress: string; mailsPerMinute: number; connections: number; softBounceLimit: number };
  /** Asks the outbox worker to look for due work again once this run has ended (the next slice). */
  wake: () => void;
  /** Delivers an issue through MailerLite's campaigns (./issue-campaigns.server.ts); absent without MAILERLITE_API_KEY. */
  mailerLite?: ((issueId: string) => Promise<void>) | undefined;
}

export const SENDING = {
  /** A slice of the sending holds the outbox worker this long at most (its claim lasts a minute), then gives way to other work. */
  sliceMs: 25_000,
  /** Deliveries read per query. */
  chunk: 200,
  /** After a 4xx, the mail is tried again after these waits; past the last it counts as a soft bounce. */
  retryDelaysMs: [5 * 60_000, 30 * 60_000, 2 * 3_600_000],
} as const;

/** The header naming the delivery a bounce report is about (its original headers come back with it). */
export const DELIVERY_HEADER = "X-Newsletter-Delivery";
export const deliveryHeaderValue = (issueId: string, subscriberId: string) => `${issueId}.${subscriberId}`;

/**
 * The outbox handler of "newsletter.issue-send". The first run writes one delivery per recipient (the
 * audience as it is when the sending starts); each run then sends what is due for a slice of time, at
 * the configured pace over the pooled connections, recording each mail's outcome the moment the server
 * answers, so a process killed half-way resumes where it stopped and a mail already accepted is not sent
 * again (only the mails in flight at that instant, one per connection at most, can be). A 4xx is tried
 * again later, a 5xx stops mail to the address, an unreachable server holds the whole issue until it is back.
 */
export async function sendIssueSlice(services: IssueSendingServices, payload: { issueId: string; sendAt: string }, { sliceMs = SENDING.sliceMs } = {}): Promise<void> {
  const { db } = services;
  const issue = await db.selectFrom("newsletter_issues").selectAll().where("id", "=", payload.issueId).executeTakeFirst();
  if (!issue) return;
  if (issue.status === "scheduled") {
    if (issue.send_at !== payload.sendAt) return;
    await startSending(services, issue.id, parseContent(issue.content), issue.audience);
  } else if (issue.status !== "sending") return;
  if (issue.delivery === "mailerlite") {
    if (!services.mailerLite) throw new PermanentFailure("This issue is to be delivered by MailerLite, and MAILERLITE_API_KEY is not set.");
    return services.mailerLite(issue.id);
  }

  const content = parseContent(issue.content);
  const deadline = Date.now() + sliceMs;
  const pace = pacer(services.newsletter.mailsPerMinute);
  const breathe = breather();
  while (Date.now() < deadline) {
    const status = await db.selectFrom("newsletter_issues").select("status").where("id", "=", issue.id).executeTakeFirst();
    if (status?.status !== "sending") return;
    const due = await dueDeliveries(db, issue.id, services.now());
    if (due.length === 0) break;
    let cursor = 0;
    const lane = async () => {
      while (cursor < due.length && Date.now() < deadline) {
        const delivery = due[cursor++]!;
        await pace();
        await breathe();
        await sendOne(services, issue.id, content, delivery);
      }
    };
    await Promise.all(Array.from({ length: services.newsletter.connections }, lane));
  }
  await settleOrContinue(services, issue.id);
}

type DueDelivery = Awaited<ReturnType<typeof dueDeliveries>>[number];

/**
 * The next mails to send: queued ones first, then deferred ones whose time has come. Each state is read
 * on its own from the (issue, status, next_attempt_at) index, in its order, with nothing to sort.
 */
async function dueDeliveries(db: Db, issueId: string, now: Date) {
  const due = (status: "queued" | "deferred", limit: number) =>
    db
      .selectFrom("newsletter_deliveries as d")
      .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
      .select(["d.subscriber_id", "d.language", "d.attempts", "s.email", "s.unsubscribe_token", "s.unsubscribed_at", "s.mail_stopped_at", "s.soft_bounces"])
      .where("d.issue_id", "=", issueId)
      .where("d.status", "=", status)
      .where("d.next_attempt_at", "<=", now.toISOString())
      .orderBy("d.next_attempt_at")
      .limit(limit)
      .execute();
  const queued = await due("queued", SENDING.chunk);
  return queued.length === SENDING.chunk ? queued : [...queued, ...(await due("deferred", SENDING.chunk - queued.length))];
}

/** Writes the deliveries and marks the issue sending, in one transaction (a second run finds them written). */
async function startSending(services: IssueSendingServices, issueId: string, content: IssueContent, audienceText: string): Promise<void> {
  const stamp = services.now().toISOString();
  const available = contentLanguages(content);
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("newsletter_deliveries")
      .columns(["issue_id", "subscriber_id", "language", "status", "attempts", "next_attempt_at", "last_error", "sent_at"])
      .expression(
        recipients(trx, parseAudience(audienceText)).select((eb) => [
          eb.val(issueId).as("issue_id"),
          "subscribers.id as subscriber_id",
          mailLanguage(available)(eb).as("language"),
          eb.val("queued").as("status"),
          eb.val(0).as("attempts"),
          eb.val(stamp).as("next_attempt_at"),
          eb.val(null).as("last_error"),
          eb.val(null).as("sent_at"),
        ]),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await trx.updateTable("newsletter_issues").set({ status: "sending", started_at: stamp, updated_at: stamp }).where("id", "=", issueId).where("status", "=", "scheduled").execute();
  });
}

async function sendOne(services: IssueSendingServices, issueId: string, content: IssueContent, delivery: DueDelivery): Promise<void> {
  const { db } = services;
  const now = services.now();
  const mark = (status: string, fields: { last_error?: string | null; sent_at?: string | null; next_attempt_at?: string; attempts?: number } = {}, to: Db = db) =>
    to.updateTable("newsletter_deliveries").set({ status: status as "sent", ...fields }).where("issue_id", "=", issueId).where("subscriber_id", "=", delivery.subscriber_id).execute();
  if (delivery.unsubscribed_at || delivery.mail_stopped_at) return void (await mark("skipped"));
  const language: Language = isLanguage(delivery.language) ? delivery.language : DEFAULT_LANGUAGE;
  const mail = content[language] ?? content[DEFAULT_LANGUAGE]!;
  const ownLink = unsubscribeUrl(services.appUrl, delivery.unsubscribe_token, language);
  // Recorded as sent before the server can accept it (the mailer holds the message's end until then):
  // a process killed at any point sends no mail twice.
  let recorded = false;
  const recordSent = async () => {
    await mark("sent", { sent_at: now.toISOString(), attempts: delivery.attempts + 1, last_error: null });
    recorded = true;
  };
  try {
    await services.mailer.send({
      to: delivery.email,
      subject: mail.subject,
      html: mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, ownLink),
      text: mail.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, ownLink),
      language,
      envelopeFrom: services.newsletter.bounceAddress,
      headers: { ...unsubscribeHeaders(services.appUrl, delivery.unsubscribe_token, language), [DELIVERY_HEADER]: deliveryHeaderValue(issueId, delivery.subscriber_id), Precedence: "bulk" },
      beforeEnd: recordSent,
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    // Refused or lost after its record (the server answered the message's end, or the connection broke
    // there): the record is corrected below, or put back to be sent again.
    if (error instanceof MailServerUnavailable) {
      if (recorded) await mark(delivery.attempts > 0 ? "deferred" : "queued", { sent_at: null });
      throw new RetryLater(reason, { untilBack: true });
    }
    if (error instanceof MailRefused) {
      // The mail's outcome and the address's stop are one change: no reader sees one without the other.
      await db.transaction().execute(async (trx) => {
        await mark("failed", { last_error: reason, attempts: delivery.attempts + 1 }, trx);
        await stopMail(trx, delivery.subscriber_id, "hard-bounce", reason, now);
      });
      return;
    }
    const attempts = delivery.attempts + 1;
    const wait = SENDING.retryDelaysMs[attempts - 1];
    if (wait === undefined) {
      await db.transaction().execute(async (trx) => {
        await mark("failed", { last_error: reason, attempts }, trx);
        await countSoftBounce(trx, delivery.subscriber_id, services.newsletter.softBounceLimit, reason, now);
      });
    } else {
      await mark("deferred", { last_error: reason, attempts, next_attempt_at: new Date(now.getTime() + wait).toISOString() });
    }
    return;
  }
  if (!recorded) await recordSent();
  if (Number(delivery.soft_bounces ?? 0) > 0) await deliveredTo(db, delivery.subscriber_id);
}

/** More due now: run again at once; only deferred mails left: run again when the first is due; none: the issue is sent. */
async function settleOrContinue(services: IssueSendingServices, issueId: string): Promise<void> {
  const next = await services.db
    .selectFrom("newsletter_deliveries")
    .select((eb) => eb.fn.min("next_attempt_at").as("next"))
    .where("issue_id", "=", issueId)
    .where("status", "in", ["queued", "deferred"])
    .executeTakeFirst();
  if (next?.next) {
    const delayMs = Math.max(0, new Date(next.next).getTime() - services.now().getTime());
    if (delayMs === 0) setImmediate(services.wake);
    throw new RetryLater("newsletter issue: more to send", { delayMs, countsAsTry: false });
  }
  const stamp = services.now().toISOString();
  await services.db.updateTable("newsletter_issues").set({ status: "sent", finished_at: stamp, updated_at: stamp }).where("id", "=", issueId).where("status", "=", "sending").execute();
}

/** Spaces the starts of mails `60 000 / perMinute` ms apart, across every lane. */
function pacer(perMinute: number): () => Promise<void> {
  const gapMs = 60_000 / perMinute;
  let next = Date.now();
  return async () => {
    const now = Date.now();
    const wait = Math.max(0, next - now);
    next = Math.max(next, now) + gapMs;
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/** The owner's test mail of one language: the issue as a subscriber gets it, its unsubscribe links pointing at the site's home. */
export async function sendIssueTest(services: Pick<IssueSendingServices, "db" | "appUrl"> & { mailer: Mailer }, payload: { issueId: string; language: string; email: string }): Promise<void> {
  const issue = await services.db.selectFrom("newsletter_issues").select("content").where("id", "=", payload.issueId).executeTakeFirst();
  if (!issue) return;
  const content = parseContent(issue.content);
  const language: Language = isLanguage(payload.language) && content[payload.language] ? payload.language : DEFAULT_LANGUAGE;
  const mail = content[language]!;
  await services.mailer.send({
    to: payload.email,
    subject: `[TEST] ${mail.subject}`,
    html: mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, services.appUrl),
    text: mail.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, services.appUrl),
    language,
  });
}

/**
 * Readers first: while the process's event loop is nearly full (pages being served on top of the
 * sending), each lane waits a little before its next mail, longer while it stays full, so the send
 * slows down rather than the pages.
 */
function breather({ busyShare = 0.9, windowMs = 100, longestPauseMs = 200 } = {}): () => Promise<void> {
  let since = performance.eventLoopUtilization();
  let pauseMs = 0;
  return async () => {
    const spent = performance.eventLoopUtilization(since);
    if (spent.idle + spent.active >= windowMs) {
      since = performance.eventLoopUtilization();
      pauseMs = spent.utilization >= busyShare ? Math.min(longestPauseMs, Math.max(10, pauseMs * 2)) : 0;
    }
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  };
}
