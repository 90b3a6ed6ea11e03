import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/admin";
import { adminToastFor, showAdminToast } from "~/components/admin/admin-toasts";
import { DashboardCards, type DashboardCounts } from "~/components/admin/dashboard-cards";
import { PageHeader } from "~/components/layout/page-header";
import { buttonClass } from "~/components/ui/button-styles";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { ADMIN_ACCESS_STATUS, runAdminAccessIntent } from "~/modules/accounts/admin-access-intent.server";
import { outcomeAnswer, outcomeOf } from "~/lib/refusal";
import { actorOf } from "~/modules/audit/audit.server";
import { securityEventsSince } from "~/modules/audit/audit-log.server";
import { pendingCommentCount } from "~/modules/comments/moderation.server";
import { newContactMessageCount } from "~/modules/contact/moderation.server";
import { issueSummaries } from "~/modules/newsletter/issues/issue-summaries.server";
import { failedConfirmationMails, subscriberCounts } from "~/modules/newsletter/subscriber-admin.server";
import { listensInLastDays } from "~/modules/podcast/listen-report.server";
import { FailedMails, type FailedMail } from "~/components/admin/failed-mails";
import { formatDateTime } from "~/i18n/format";
import { articleStateCounts } from "~/modules/blog/editor/article-list.server";
import type { AppServices } from "~/adapters/context.server";
import { adminStanding, requestContext } from "~/route-context.server";

type AdminState =
  | { state: "unavailable" }
  | { state: "signedOut" }
  | { state: "denied"; email: string }
  | { state: "verify"; email: string; ended: boolean }
  | { state: "admin"; email: string; counts: DashboardCounts; failedMails: FailedMail[] };

/**
 * The admin dashboard, in the order of its states; role and admin mode are checked on the
 * server every time, by the page's policy, which also answers a signed-out visitor 401 and a reader 403.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard"]);
  const access = adminStanding(context);
  const reply = (admin: AdminState) => ({ i18n, admin });
  switch (access.state) {
    case "unavailable":
    case "signedOut":
      return reply({ state: access.state });
    case "denied":
      return reply({ state: "denied", email: access.email });
    case "verify":
      return reply({ state: "verify", email: access.email, ended: access.ended === "inactive" });
    case "admin": {
      const [counts, failed] = await Promise.all([dashboardCounts(services), failedConfirmationMails(services.db)]);
      const failedMails = failed.map((mail) => ({ ...mail, when: formatDateTime(mail.at, language) }));
      return reply({ state: "admin", email: access.email, counts, failedMails });
    }
  }
}

/**
 * What the dashboard's cards count: comments to approve, new messages, security events of the last
 * 24 hours, confirmed subscribers and those still to confirm, podcast listens of the last 30 days,
 * draft and scheduled articles, the newest newsletter issues.
 */
async function dashboardCounts({ db, now }: Pick<AppServices, "db" | "now">): Promise<DashboardCounts> {
  const [pendingComments, newMessages, securityEventsLastDay, subscribers, listensLast30Days, articles, issues] = await Promise.all([
    pendingCommentCount(db),
    newContactMessageCount(db),
    securityEventsSince(db, new Date(now().getTime() - 24 * 60 * 60 * 1000)),
    subscriberCounts(db),
    listensInLastDays(db, now(), 30),
    articleStateCounts(db),
    issueSummaries(db, 3),
  ]);
  return {
    pendingComments,
    newMessages,
    securityEventsLastDay,
    confirmedSubscribers: subscribers.confirmed,
    waitingSubscribers: subscribers.waiting,
    listensLast30Days,
    draftArticles: articles.drafts,
    scheduledArticles: articles.scheduled,
    recentIssues: issues.map(({ id, title, status, sent, total }) => ({ id, title, status, sent, total })),
  };
}

/** The page's own verify and logout forms (they work without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const outcome = await runAdminAccessIntent(services, request, actorOf({ clientIp }, request), await request.formData());
  return outcomeAnswer(outcome, ADMIN_ACCESS_STATUS[outcome]);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin", { noindex: true });

function StateSection({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section aria-labelledby="admin-state" className="max-w-xl">
      <h2 id="admin-state" className="text-2xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function VerifyForm({ email, ended }: { email: string; ended: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <StateSection title={t("states.verifyTitle")}>
      <p className="mt-2 text-muted">{ended ? t("states.verifyAgainText") : t("states.verifyText", { email })}</p>
      <Form method="post" className="mt-5">
        <button type="submit" name="intent" value="verify" className={buttonClass({ variant: "primary" })}>
          {t("admin:access.verify")}
        </button>
      </Form>
    </StateSection>
  );
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const navigation = useNavigation();
  const { admin } = loaderData;
  const verifying = navigation.state !== "idle" && navigation.formData?.get("intent") === "verify";
  const outcome = outcomeOf(actionData);
  useEffect(() => {
    if (outcome) showAdminToast(t, adminToastFor(outcome));
  }, [outcome, t]);
  return (
    <>
      <PageHeader pageKey="admin" />
      <div className="mx-auto max-w-wide px-4 py-10 sm:px-6">
        {verifying ? (
          <p role="status" className="flex items-center gap-3 text-lg">
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-gold-600 border-t-transparent" />
            {t("states.verifying")}
          </p>
        ) : (
          <>
            {admin.state === "unavailable" && <p className="text-lg">{t("states.unavailable")}</p>}
            {admin.state === "signedOut" && (
              <StateSection title={t("states.authRequired")}>
                <p className="mt-2 text-muted">{t("states.authRequiredText")}</p>
                <Link to={localize("/sign-in")} className={buttonClass({ variant: "primary", className: "mt-5" })}>
                  {t("admin:access.signIn")}
                </Link>
              </StateSection>
            )}
            {admin.state === "denied" && (
              <StateSection title={t("states.accessDenied")}>
                <p className="mt-2 text-muted">{t("states.accessDeniedText", { email: admin.email })}</p>
              </StateSection>
            )}
            {admin.state === "verify" && <VerifyForm email={admin.email} ended={admin.ended} />}
            {admin.state === "admin" && (
              <>
                <div className="flex flex-wrap items-center justify-between gap-4">
                  <p className="text-muted">{t("states.welcome", { email: admin.email })}</p>
                  <Form method="post">
                    <button type="submit" name="intent" value="logout" className={buttonClass({ variant: "outline" })}>
                      {t("admin:access.logout")}
                    </button>
                  </Form>
                </div>
                <DashboardCards counts={admin.counts} />
                <FailedMails mails={admin.failedMails} />
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}
