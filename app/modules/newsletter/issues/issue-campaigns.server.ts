import type { Db } from "~/adapters/db/database.server";
import { ProviderRejectedError, type CampaignProvider, type CampaignStats } from "~/adapters/mailing/mailerlite-campaigns.server";
import type { MailingProvider } from "~/adapters/mailing/mailerlite.server";
import { MailingProviderError } from "~/adapters/mailing/provider-error";
import { BATCH_MAX } from "~/adapters/mailing/provider-requests";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { PermanentFailure, RetryLater } from "~/modules/outbox/outcomes";
import { parseContent, UNSUBSCRIBE_PLACEHOLDER } from "./issue-content";

/** What MailerLite holds for one language of an issue, kept on the issue so each step is done once. */
export interface LanguageCampaign {
  groupId?: string;
  /** Every recipient with a MailerLite id was added to the group. */
  grouped?: boolean;
  campaignId?: string;
  status?: string;
  stats?: CampaignStats;
}
export type CampaignState = Partial<Record<Language, LanguageCampaign>> & {
  /** MailerLite's refusal that stopped the issue (a plan without custom HTML, a sender not verified). */
  error?: string;
};

export interface IssueCampaignServices {
  db: Db;
  now: () => Date;
  provider: MailingProvider;
  campaigns: CampaignProvider;
  /** The sender as MailerLite shows it: a name and an address verified in the account. */
  from: { name: string; address: string };
}

/** How soon a campaign's state is read again while MailerLite sends it. */
export const CAMPAIGN_POLL_MS = 60_000;
/** MailerLite's own unsubscribe link, which it fills in per recipient. */
const MAILERLITE_UNSUBSCRIBE = "{$unsubscribe}";

const save = (db: Db, issueId: string, state: CampaignState) => db.updateTable("newsletter_issues").set({ provider_state: JSON.stringify(state) }).where("id", "=", issueId).execute();

/**
 * An issue delivered by MailerLite, one campaign per language group: a group of the issue's recipients
 * in that language (those the sync gave a MailerLite id; the others are recorded as skipped), a regular
 * campaign with the site's own HTML sent to it at once, then its state and counts read back every
 * minute until it is sent. Each step is recorded on the issue as it is done, so a retry (a 429, a
 * restart) goes on from there. Runs after the deliveries were written (sendIssueSlice).
 */
export async function sendIssueThroughMailerLite(services: IssueCampaignServices, issueId: string): Promise<void> {
  const { db } = services;
  const issue = await db.selectFrom("newsletter_issues").select(["content", "provider_state", "status"]).where("id", "=", issueId).executeTakeFirstOrThrow();
  if (issue.status !== "sending") return;
  const content = parseContent(issue.content);
  const state: CampaignState = JSON.parse(issue.provider_state ?? "{}") as CampaignState;
  const languages = (await db.selectFrom("newsletter_deliveries").select("language").distinct().where("issue_id", "=", issueId).execute()).map((row) => row.language as Language);
  try {
    for (const language of LANGUAGES.filter((code) => languages.includes(code))) {
      const campaign: LanguageCampaign = (state[language] ??= {});
      const mail = content[language]!;
      campaign.groupId ??= await services.campaigns.ensureGroup(`Issue ${issueId.slice(0, 8)} (${language})`);
      await save(db, issueId, state);
      if (!campaign.grouped) {
        await groupRecipients(services, issueId, language, campaign.groupId);
        campaign.grouped = true;
        await save(db, issueId, state);
      }
      if (!campaign.campaignId) {
        const html = mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, MAILERLITE_UNSUBSCRIBE);
        const { id } = await services.campaigns.createCampaign({ name: `${mail.subject} (${language})`, subject: mail.subject, fromName: services.from.name, from: services.from.address, html, groupIds: [campaign.groupId] });
        campaign.campaignId = id;
        await save(db, issueId, state);
        campaign.status = (await services.campaigns.scheduleCampaign(id, "now")).status;
        await save(db, issueId, state);
      }
      const current = await services.campaigns.getCampaign(campaign.campaignId);
      campaign.status = current.status;
      campaign.stats = current.stats;
      await save(db, issueId, state);
    }
  } catch (error) {
    if (error instanceof ProviderRejectedError) {
      // Trying again cannot help: the owner reads MailerLite's words on the issue's page.
      const stamp = services.now().toISOString();
      await db.updateTable("newsletter_issues").set({ status: "failed", finished_at: stamp, updated_at: stamp, provider_state: JSON.stringify({ ...state, error: error.message.slice(0, 500) }) }).where("id", "=", issueId).execute();
      throw new PermanentFailure(error.message);
    }
    if (error instanceof MailingProviderError && (error.status === 429 || error.status === null || (error.status ?? 0) >= 500)) {
      throw new RetryLater(`MailerLite: ${error.message}`, { delayMs: error.retryAfterMs ?? CAMPAIGN_POLL_MS, countsAsTry: error.status !== 429 });
    }
    throw error;
  }
  if (languages.every((language) => state[language]?.status === "sent")) {
    const stamp = services.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("newsletter_deliveries").set({ status: "sent", sent_at: stamp }).where("issue_id", "=", issueId).where("status", "=", "queued").where("attempts", "=", 1).execute();
      await trx.updateTable("newsletter_issues").set({ status: "sent", finished_at: stamp, updated_at: stamp }).where("id", "=", issueId).where("status", "=", "sending").execute();
    });
    return;
  }
  throw new RetryLater("MailerLite is sending the issue", { delayMs: CAMPAIGN_POLL_MS, countsAsTry: false });
}

/**
 * Adds the language's recipients to its group, 50 to a POST /batch (one request of the account's 120
 * a minute, not an import). A recipient is marked handed over (attempts 1) once added; one without a
 * MailerLite id (never synced) is recorded as skipped, with the reason.
 */
async function groupRecipients(services: IssueCampaignServices, issueId: string, language: Language, groupId: string): Promise<void> {
  const { db } = services;
  await db
    .updateTable("newsletter_deliveries")
    .set({ status: "skipped", last_error: "not at MailerLite yet: run Sync on the subscriber list" })
    .where("issue_id", "=", issueId)
    .where("language", "=", language)
    .where("status", "=", "queued")
    .where("subscriber_id", "in", (eb) => eb.selectFrom("subscribers").select("id").where("provider_id", "is", null))
    .execute();
  for (;;) {
    const rows = await db
      .selectFrom("newsletter_deliveries as d")
      .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
      .select(["d.subscriber_id", "s.provider_id"])
      .where("d.issue_id", "=", issueId)
      .where("d.language", "=", language)
      .where("d.status", "=", "queued")
      .where("d.attempts", "=", 0)
      .limit(BATCH_MAX)
      .execute();
    if (rows.length === 0) return;
    const replies = await services.provider.send(rows.map((row) => ({ method: "POST" as const, path: `subscribers/${encodeURIComponent(row.provider_id!)}/groups/${encodeURIComponent(groupId)}` })));
    const handed = rows.filter((_, index) => (replies[index]?.status ?? 500) < 300).map((row) => row.subscriber_id);
    const refused = rows.filter((_, index) => (replies[index]?.status ?? 500) >= 300).map((row) => row.subscriber_id);
    if (handed.length > 0) await db.updateTable("newsletter_deliveries").set({ attempts: 1 }).where("issue_id", "=", issueId).where("subscriber_id", "in", handed).execute();
    if (refused.length > 0) await db.updateTable("newsletter_deliveries").set({ status: "failed", last_error: "MailerLite refused to add the subscriber to the issue's group" }).where("issue_id", "=", issueId).where("subscriber_id", "in", refused).execute();
  }
}
