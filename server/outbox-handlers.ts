import type { AppServices } from "~/adapters/context.server";
import type { PageChanges } from "~/adapters/pages/page-changes.server";
import { accountMailHandlers } from "~/modules/accounts/account-mail-jobs.server";
import { publishScheduled } from "~/modules/blog/editor/article-state.server";
import { mailContactMessage } from "~/modules/contact/owner-mail.server";
import { sendConfirmationMail } from "~/modules/newsletter/confirmation-mail.server";
import { readBounceMailbox } from "~/modules/newsletter/bounces.server";
import { sendIssueThroughMailerLite } from "~/modules/newsletter/issues/issue-campaigns.server";
import { sendIssueSlice, sendIssueTest } from "~/modules/newsletter/issues/issue-sending.server";
import { createProviderHandlers } from "~/modules/newsletter/provider-sync.server";
import type { OutboxBatchHandler } from "~/modules/outbox/batch.server";
import type { OutboxHandler } from "~/modules/outbox/drain.server";
import type { OutboxTopic } from "~/modules/outbox/enqueue.server";
import type { Outbox } from "~/modules/outbox/outbox.server";
import { outboxMailer } from "~/modules/outbox/outbox-mailer.server";

/**
 * Who does the work of each topic. Every topic is listed: a topic left undefined keeps its rows
 * waiting (nothing is lost) until its handler is filled in here.
 */
export function outboxHandlers(
  services: Pick<AppServices, "auth" | "db" | "logger" | "mailer" | "newsletterMailer" | "mailingProvider" | "campaigns" | "config" | "now"> & { pageChanges: PageChanges; outbox: Pick<Outbox, "wake"> },
): { [T in OutboxTopic]: OutboxHandler<T> | OutboxBatchHandler | undefined } {
  const { db, config } = services;
  const provider = createProviderHandlers(services);
  // Every mail goes through this wrapper: a refusal for good ends the row, a dead server holds back all mail rows.
  const mailer = outboxMailer(services.mailer);
  const accounts = accountMailHandlers({ db, auth: services.auth, mailer, appUrl: config.appUrl, secret: config.sessionSecret });
  return {
    "newsletter.confirmation-mail": ({ subscriberId }, job) =>
      sendConfirmationMail({ db, mailer, appUrl: config.appUrl }, subscriberId, services.now(), job),
    "newsletter.issue-send": (payload) =>
      sendIssueSlice(
        {
          db,
          logger: services.logger,
          now: services.now,
          mailer: services.newsletterMailer,
          appUrl: config.appUrl,
          newsletter: { ...config.newsletter, bounceAddress: config.newsletter.bounceAddress ?? addressOf(config.mailFrom) },
          wake: services.outbox.wake,
          mailerLite: mailerLiteIssues(services),
        },
        payload,
      ),
    "newsletter.issue-test": (payload) => sendIssueTest({ db, appUrl: config.appUrl, mailer }, payload),
    "newsletter.bounces": async () => {
      if (!config.newsletter.bounceImapUrl) return;
      await readBounceMailbox({ db, now: services.now, mailbox: { imapUrl: config.newsletter.bounceImapUrl }, softBounceLimit: config.newsletter.softBounceLimit });
    },
    "newsletter.provider-upsert": provider["newsletter.provider-upsert"],
    "newsletter.provider-unsubscribe": provider["newsletter.provider-unsubscribe"],
    "accounts.mail": accounts["accounts.mail"],
    "accounts.link-request": accounts["accounts.link-request"],
    "contact.owner-mail": ({ messageId }) => mailContactMessage({ db, mailer, contactEmail: config.contactEmail, now: services.now }, messageId),
    "articles.publish-scheduled": async (payload, job) => void (await publishScheduled(services, payload, job.now)),
  };
}

/** The address in a From line ("Name <address>" or the address alone). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** MailerLite's delivery of issues, when the site has a MailerLite key; the sender is MAIL_FROM's name and address. */
function mailerLiteIssues({ db, now, mailingProvider, campaigns, config }: Pick<AppServices, "db" | "now" | "mailingProvider" | "campaigns" | "config">) {
  if (!mailingProvider || !campaigns) return undefined;
  const from = { name: /^\s*"?([^"<]*?)"?\s*</.exec(config.mailFrom)?.[1] || config.mailFrom, address: addressOf(config.mailFrom) };
  return (issueId: string) => sendIssueThroughMailerLite({ db, now, provider: mailingProvider, campaigns, from }, issueId);
}
