import type { Db } from "~/adapters/db/database.server";
import { LANGUAGES, type Language } from "~/i18n/languages";

export const DELIVERY_STATES = ["queued", "deferred", "sent", "failed", "bounced", "skipped"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export type IssueFigures = Record<DeliveryState | "unsubscribed", number>;
const none = (): IssueFigures => ({ queued: 0, deferred: 0, sent: 0, failed: 0, bounced: 0, skipped: 0, unsubscribed: 0 });

/**
 * What became of an issue's mails, by language and in all: queued, deferred (a 4xx, tried again),
 * sent, failed (refused for good), bounced (a report came back), skipped (gone before their turn), and
 * how many of its recipients unsubscribed since it started.
 */
export async function issueFigures(db: Db, issueId: string, startedAt: string | null): Promise<{ total: IssueFigures; byLanguage: Partial<Record<Language, IssueFigures>> }> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => ["language", "status", eb.fn.countAll<number | string>().as("count")])
    .where("issue_id", "=", issueId)
    .groupBy(["language", "status"])
    .execute();
  const total = none();
  const byLanguage: Partial<Record<Language, IssueFigures>> = {};
  for (const row of rows) {
    const language = row.language as Language;
    const figures = (byLanguage[language] ??= none());
    figures[row.status as DeliveryState] += Number(row.count);
    total[row.status as DeliveryState] += Number(row.count);
  }
  if (startedAt) {
    const gone = await db
      .selectFrom("newsletter_deliveries as d")
      .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
      .select((eb) => ["d.language", eb.fn.countAll<number | string>().as("count")])
      .where("d.issue_id", "=", issueId)
      .where("s.unsubscribed_at", ">=", startedAt)
      .groupBy("d.language")
      .execute();
    for (const row of gone) {
      (byLanguage[row.language as Language] ??= none()).unsubscribed += Number(row.count);
      total.unsubscribed += Number(row.count);
    }
  }
  return { total, byLanguage: Object.fromEntries(LANGUAGES.filter((language) => byLanguage[language]).map((language) => [language, byLanguage[language]!])) };
}
