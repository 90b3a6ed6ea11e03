import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { useLocalize } from "~/i18n/root-data";
import type { IssueSummary } from "~/modules/newsletter/issues/issue-summaries.server";
import { IssueStatusBadge } from "./issue-status-badge";

type ListedIssue = IssueSummary & { created: string; sendAtText: string | null; finishedText: string | null };

/** The issues, newest first: title, where each stands, and how many mails went out. */
export function IssueList({ issues }: { issues: ListedIssue[] }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  if (issues.length === 0) return <p className="text-lg text-muted">{t("issues.empty")}</p>;
  return (
    <ul aria-label={t("issues.list.label")} className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white">
      {issues.map((issue) => (
        <li key={issue.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:p-5">
          <div className="flex min-w-0 flex-col gap-1">
            <Link to={localize(`/admin/newsletter/${issue.id}`)} className="text-lg leading-snug font-semibold break-words text-forest-700 underline-offset-4 hover:underline">
              {issue.title}
            </Link>
            <p className="text-sm text-muted">
              {issue.finishedText ? t("issues.list.finished", { date: issue.finishedText }) : issue.sendAtText ? t("issues.list.sendAt", { date: issue.sendAtText }) : t("issues.list.created", { date: issue.created })}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-3">
            {issue.total > 0 && <span className="text-sm whitespace-nowrap text-muted">{t("issues.list.sent", { sent: issue.sent, total: issue.total })}</span>}
            <IssueStatusBadge status={issue.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
