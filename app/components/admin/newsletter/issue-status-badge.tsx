import { useTranslation } from "~/i18n/use-translation";
import type { IssueStatus } from "~/modules/newsletter/issues/issues.server";

const TONES: Record<IssueStatus, string> = {
  draft: "bg-sand text-ink",
  scheduled: "bg-gold-300/50 text-ink",
  sending: "bg-forest-700 text-white",
  sent: "bg-forest-100 text-forest-900",
  cancelled: "bg-line text-muted",
  failed: "bg-white text-alert border border-alert",
};

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  const { t } = useTranslation("dashboard");
  return <span data-issue-status={status} className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${TONES[status]}`}>{t(`issues.status.${status}`)}</span>;
}
