import { randomBytes } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import type { Mailer, MailMessage } from "~/adapters/mail/mailer.server";
import { translatorFor } from "~/i18n/i18n";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { resourcesFor } from "~/i18n/resources.server";
import { Refused, RetryLater } from "~/modules/outbox/outcomes";
import { hashToken } from "./subscriptions.server";

/**
 * The unsubscribe address of a subscriber, in their language: a page for people, and the RFC 8058
 * one-click target. It is https whenever the site's APP_URL is.
 */
export function unsubscribeUrl(appUrl: string, token: string, language: Language = DEFAULT_LANGUAGE): string {
  return appUrl + localizePath(`/unsubscribe/${token}`, language);
}

/** Headers every newsletter mail carries (RFC 2369 and RFC 8058 one-click unsubscribe). */
export function unsubscribeHeaders(appUrl: string, token: string, language: Language = DEFAULT_LANGUAGE): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl(appUrl, token, language)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A confirmation link works for this long after it was made. */
export const CONFIRMATION_LINK_HOURS = 48;

/**
 * The double opt-in mail, in the subscriber's language (outbox topic "newsletter.confirmation-mail").
 * A fresh link is made at each attempt and only its hash is kept, so a retried mail, or a new one
 * asked by subscribing again, replaces the link of the one before. The link works for 48 hours.
 * Nothing is sent to someone already confirmed or gone. A failed try is "retrying" while the outbox
 * will try again, and "failed" once the mail server refused for good or this was the last try (a mail
 * server that cannot be reached is tried until it is back).
 */
export async function sendConfirmationMail(
  { db, mailer, appUrl }: { db: Db; mailer: Mailer; appUrl: string },
  subscriberId: string,
  now: Date,
  { lastAttempt }: { lastAttempt: boolean } = { lastAttempt: false },
): Promise<void> {
  const subscriber = await db.selectFrom("subscribers").selectAll().where("id", "=", subscriberId).executeTakeFirst();
  if (!subscriber || subscriber.is_verified || subscriber.unsubscribed_at) return;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + CONFIRMATION_LINK_HOURS * 3_600_000).toISOString();
  await db.updateTable("subscribers").set({ confirm_token_hash: hashToken(token), confirm_token_expires_at: expiresAt }).where("id", "=", subscriberId).execute();
  const language = isLanguage(subscriber.language) ? subscriber.language : DEFAULT_LANGUAGE;
  const t = translatorFor(language, resourcesFor(language));
  const link = `${appUrl}${localizePath("/newsletter/confirm", language)}?${new URLSearchParams({ token })}`;
  const message: MailMessage = {
    to: subscriber.email,
    subject: t("subscription:mail.subject"),
    text: t("subscription:mail.body", { link, unsubscribe: unsubscribeUrl(appUrl, subscriber.unsubscribe_token, language) }),
    language,
    headers: unsubscribeHeaders(appUrl, subscriber.unsubscribe_token, language),
  };
  const mailState = (state: "sent" | "retrying" | "failed", error: string | null) =>
    db.updateTable("subscribers").set({ confirmation_mail: state, confirmation_mail_error: error, confirmation_mail_at: now.toISOString() }).where("id", "=", subscriberId).execute();
  try {
    await mailer.send(message);
  } catch (error) {
    // The admin's list shows why; the outbox decides whether to try again.
    // A mail server that cannot be reached is tried until it is back, whatever the number of tries.
    const outage = error instanceof RetryLater && error.untilBack;
    const forGood = error instanceof Refused || (lastAttempt && !outage);
    await mailState(forGood ? "failed" : "retrying", (error instanceof Error ? error.message : String(error)).slice(0, MAIL_ERROR_CHARS));
    throw error;
  }
  await mailState("sent", null);
}

/** The part of a mail server's refusal kept for the admin: enough to read, never a whole transcript. */
const MAIL_ERROR_CHARS = 300;
