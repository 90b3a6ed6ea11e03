import { randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import type { NewsletterIssuesTable } from "~/adapters/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import type { Outbox } from "~/modules/outbox/outbox.server";
import type { CampaignState } from "./issue-campaigns.server";
import { EVERYONE, parseAudience, parseContent, type IssueAudience, type IssueContent } from "./issue-content";

export type IssueRow = NewsletterIssuesTable;
export type IssueStatus = IssueRow["status"];

export interface Issue {
  id: string;
  sourceKind: IssueRow["source_kind"];
  sourceId: string;
  status: IssueStatus;
  delivery: IssueRow["delivery"];
  content: IssueContent;
  audience: IssueAudience;
  sendAt: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** What MailerLite holds for each language, for an issue it delivers. */
  campaigns: CampaignState;
}

const toIssue = (row: IssueRow): Issue => ({
  id: row.id,
  sourceKind: row.source_kind,
  sourceId: row.source_id,
  status: row.status,
  delivery: row.delivery,
  content: parseContent(row.content),
  audience: parseAudience(row.audience),
  sendAt: row.send_at,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  campaigns: row.provider_state ? (JSON.parse(row.provider_state) as CampaignState) : {},
});

/** The owner may still change what is sent, and to whom, until the sending starts. */
export const isEditable = (status: IssueStatus) => status === "draft" || status === "scheduled";

export async function getIssue(db: Db, id: string): Promise<Issue | null> {
  const row = await db.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toIssue(row) : null;
}

/** The newest issues first. */
export async function listIssues(db: Db, limit = 50): Promise<Issue[]> {
  const rows = await db.selectFrom("newsletter_issues").selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map(toIssue);
}

/** A draft issue of an article or an episode, its mails rendered in every language the item has. */
export async function createIssue(
  db: Db,
  input: { id?: string; sourceKind: IssueRow["source_kind"]; sourceId: string; content: IssueContent; delivery: IssueRow["delivery"] },
  actor: Actor,
  now: Date,
): Promise<string> {
  const id = input.id ?? randomUUID();
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("newsletter_issues")
      .values({
        id,
        source_kind: input.sourceKind,
        source_id: input.sourceId,
        status: "draft",
        delivery: input.delivery,
        content: JSON.stringify(input.content),
        audience: JSON.stringify(EVERYONE),
        send_at: null,
        created_by: actor.userId ?? "system",
        created_at: stamp,
        updated_at: stamp,
        started_at: null,
        finished_at: null,
        provider_state: null,
      })
      .execute();
    await recordAudit(trx, actor, { action: "newsletter.issue.create", resource: `newsletter_issue:${id}`, details: { source: `${input.sourceKind}:${input.sourceId}` } }, now);
  });
  return id;
}

/** Stores new texts and audience; false when the issue is no longer editable (it started, or was cancelled). */
export async function saveIssue(db: Db, id: string, change: { content: IssueContent; audience: IssueAudience; delivery: IssueRow["delivery"] }, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("newsletter_issues")
      .set({ content: JSON.stringify(change.content), audience: JSON.stringify(change.audience), delivery: change.delivery, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "in", ["draft", "scheduled"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(trx, actor, { action: "newsletter.issue.save", resource: `newsletter_issue:${id}`, details: { audience: change.audience, delivery: change.delivery } }, now);
    return true;
  });
}

/**
 * Sends the issue at `sendAt` (now, or later): the outbox row queued for that time starts it. A new
 * time queues a new row; the old one finds the time changed and does nothing.
 */
export async function scheduleIssue(db: Db, outbox: Pick<Outbox, "enqueue">, id: string, sendAt: Date, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stamp = sendAt.toISOString();
    const result = await trx
      .updateTable("newsletter_issues")
      .set({ status: "scheduled", send_at: stamp, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "in", ["draft", "scheduled"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await outbox.enqueue(trx, "newsletter.issue-send", { issueId: id, sendAt: stamp }, now, sendAt);
    await recordAudit(trx, actor, { action: "newsletter.issue.schedule", resource: `newsletter_issue:${id}`, details: { sendAt: stamp } }, now);
    return true;
  });
}

/** Stops an issue that is waiting or sending: mails not sent yet are not sent. False when it had finished. */
export async function cancelIssue(db: Db, id: string, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("newsletter_issues")
      .set({ status: "cancelled", finished_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "in", ["draft", "scheduled", "sending"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(trx, actor, { action: "newsletter.issue.cancel", resource: `newsletter_issue:${id}` }, now);
    return true;
  });
}
