import { ArrowRight, FilePen, Mail, Headphones, MessageSquare, ScrollText, ShieldAlert, ShoppingBag, SlidersHorizontal, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage, useLocalize } from "~/i18n/root-data";

/** What the cards count, read by the /admin loader in admin mode. */
export interface DashboardCounts {
  pendingComments: number;
  newMessages: number;
  securityEventsLastDay: number;
  confirmedSubscribers: number;
  waitingSubscribers: number;
  listensLast30Days: number;
  draftArticles: number;
  scheduledArticles: number;
  /** The three newest newsletter issues: title, where each stands, mails sent of all. */
  recentIssues: Array<{ id: string; title: string; status: string; sent: number; total: number }>;
}

function Card({ title, text, href, icon, children }: { title: string; text: string; href: string | null; icon: ReactNode; children?: ReactNode }) {
  const localize = useLocalize();
  return (
    <li className="relative flex flex-col rounded-2xl border border-line bg-white p-6 transition-colors focus-within:ring-2 focus-within:ring-forest-700 hover:border-forest-700">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-700">
          {icon}
        </span>
        <h2 className="text-xl font-semibold">
          {href ? (
            // The link covers the whole card, so the card is one target and one tab stop.
            <Link to={localize(href)} className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
      </div>
      <p className="mt-3 text-muted">{text}</p>
      {children}
      {href && <ArrowRight aria-hidden="true" className="mt-4 size-5 self-end text-forest-700" />}
    </li>
  );
}

function Count({ children, highlight }: { children: string; highlight: boolean }) {
  return <p className={highlight ? "mt-2 font-semibold text-gold-700" : "mt-2 text-sm text-muted"}>{children}</p>;
}

/** The dashboard's areas, one card each. */
export function DashboardCards({ counts }: { counts: DashboardCounts }) {
  const { t } = useTranslation("dashboard");
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  return (
    <ul aria-label={t("cards.label")} className="mt-6 grid gap-5 sm:grid-cols-2">
      <Card title={t("cards.articles.title")} text={t("cards.articles.text")} href="/admin/articles" icon={<FilePen className="size-5" />}>
        <Count highlight={false}>{t("cards.articles.drafts", { number: number.format(counts.draftArticles) })}</Count>
        <Count highlight={counts.scheduledArticles > 0}>{t("cards.articles.scheduled", { number: number.format(counts.scheduledArticles) })}</Count>
      </Card>
      <Card title={t("cards.issues.title")} text={t("cards.issues.text")} href="/admin/newsletter" icon={<Mail className="size-5" />}>
        {counts.recentIssues.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("cards.issues.open")}</p>
        ) : (
          <div className="mt-2">
            <p className="text-sm font-semibold">{t("cards.issues.recent")}</p>
            <ul className="mt-1 flex flex-col gap-1 text-sm text-muted">
              {counts.recentIssues.map((issue) => (
                <li key={issue.id}>
                  {issue.title} · {t(`issues.status.${issue.status}`)}
                  {issue.total > 0 && ` · ${t("issues.list.sent", { sent: number.format(issue.sent), total: number.format(issue.total) })}`}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      <Card title={t("cards.audit.title")} text={t("cards.audit.text")} href="/admin/audit-log" icon={<ScrollText className="size-5" />}>
        <p className="mt-2 text-sm text-muted">{t("cards.audit.open")}</p>
      </Card>
      <Card title={t("cards.security.title")} text={t("cards.security.text")} href="/admin/security-events" icon={<ShieldAlert className="size-5" />}>
        <Count highlight={counts.securityEventsLastDay > 0}>{t("cards.security.count", { number: number.format(counts.securityEventsLastDay) })}</Count>
      </Card>
      <Card title={t("cards.moderation.title")} text={t("cards.moderation.text")} href="/admin/moderation" icon={<MessageSquare className="size-5" />}>
        <Count highlight={counts.pendingComments > 0}>{t("cards.moderation.comments", { number: number.format(counts.pendingComments) })}</Count>
        <Count highlight={counts.newMessages > 0}>{t("cards.moderation.messages", { number: number.format(counts.newMessages) })}</Count>
      </Card>
      <Card title={t("cards.subscribers.title")} text={t("cards.subscribers.text")} href="/admin/subscribers" icon={<Users className="size-5" />}>
        <Count highlight={false}>{t("cards.subscribers.confirmed", { number: number.format(counts.confirmedSubscribers) })}</Count>
        <Count highlight={false}>{t("cards.subscribers.waiting", { number: number.format(counts.waitingSubscribers) })}</Count>
      </Card>
      <Card title={t("cards.shop.title")} text={t("cards.shop.text")} href="/admin/shop" icon={<ShoppingBag className="size-5" />}>
        <p className="mt-2 text-sm text-muted">{t("cards.shop.open")}</p>
      </Card>
      <Card title={t("cards.listens.title")} text={t("cards.listens.text")} href="/admin/podcast" icon={<Headphones className="size-5" />}>
        <Count highlight={false}>{t("cards.listens.count", { number: number.format(counts.listensLast30Days) })}</Count>
      </Card>
      <Card title={t("cards.settings.title")} text={t("cards.settings.text")} href="/admin/settings" icon={<SlidersHorizontal className="size-5" />}>
        <p className="mt-2 text-sm text-muted">{t("cards.settings.open")}</p>
      </Card>
    </ul>
  );
}
