import { MailRefused, MailServerUnavailable, type Mailer } from "~/adapters/mail/mailer.server";
import { MAIL_TOPICS } from "./enqueue.server";
import { Refused, RetryLater } from "./outcomes";

/**
 * The mailer as outbox handlers use it: a refusal for good ends the row as refused (not tried again);
 * an unreachable or silent mail server retries the row with the backoff (at most an hour apart) for as
 * long as the outage lasts, and holds back every other mail row until then, so one dead server costs
 * one timeout per retry, not one per queued mail. Any other failure (a 4xx to this message) retries
 * this row alone, up to the outbox's number of tries.
 */
export function outboxMailer(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        if (error instanceof MailRefused) throw new Refused(error.message);
        if (error instanceof MailServerUnavailable) throw new RetryLater(error.message, { pauseTopics: MAIL_TOPICS, untilBack: true });
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
