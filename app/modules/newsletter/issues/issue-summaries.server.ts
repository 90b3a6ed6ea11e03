import type { Db } from "~/adapters/db/database.server";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { listIssues, type IssueStatus } from "./issues.server";

export interface IssueSummary {
  id: string;
  title: string;
  status: IssueStatus;
  createdAt: string;
  sendAt: string | null;
  finishedAt: string | null;
  sent: number;
  total: number;
}

/** The newest issues with their English title and how many of their mails went out, for the list and the dashboard. */
export async function issueSummaries(db: Db, limit = 50): Promise<IssueSummary[]> {
  const issues = await listIssues(db, limit);
  if (issues.length === 0) return [];
  const counts = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => ["issue_id", "status", eb.fn.countAll<number | string>().as("count")])
    .where("issue_id", "in", issues.map((issue) => issue.id))
    .groupBy(["issue_id", "status"])
    .execute();
  return issues.map((issue) => {
    const mine = counts.filter((row) => row.issue_id === issue.id);
    return {
      id: issue.id,
      title: issue.content[DEFAULT_LANGUAGE]?.title ?? "",
      status: issue.status,
      createdAt: issue.createdAt,
      sendAt: issue.sendAt,
      finishedAt: issue.finishedAt,
      sent: mine.filter((row) => row.status === "sent").reduce((sum, row) => sum + Number(row.count), 0),
      total: mine.reduce((sum, row) => sum + Number(row.count), 0),
    };
  });
}
