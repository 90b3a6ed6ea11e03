import { data } from "react-router";
import type { Route } from "./+types/admin-newsletter-issue";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage, AdminRefusal } from "~/components/admin/admin-page";
import { IssueView } from "~/components/admin/newsletter/issue-view";
import { renderIssueMail } from "~/components/mail/issue-mail";
import { PROFILE_TOPICS } from "~/components/newsletter/profile-form";
import { FormNotice } from "~/components/ui/form-field";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/use-translation";
import { languageOf, LANGUAGES, type Language } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { parseInput, plainObject } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { refusalIn } from "~/lib/route-policies";
import { articleForMail } from "~/modules/blog/article-for-mail.server";
import { episodeForMail } from "~/modules/podcast/episode-for-mail.server";
import { issueContent, type IssueTexts } from "~/modules/newsletter/issues/issue-texts.server";
import { audienceCounts } from "~/modules/newsletter/issues/audience.server";
import { instantOf, issueIntentSchema, type IssueDone, type IssueProblem } from "~/modules/newsletter/issues/issue-actions";
import { contentLanguages, issueFormSchema } from "~/modules/newsletter/issues/issue-content";
import { issueClicks } from "~/modules/newsletter/issues/link-clicks.server";
import { issueFigures } from "~/modules/newsletter/issues/issue-stats.server";
import { cancelIssue, getIssue, isEditable, saveIssue, scheduleIssue } from "~/modules/newsletter/issues/issues.server";
import { SOURCES } from "~/modules/newsletter/subscribe-form";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** The issue: its texts and audience while it may change, who gets which language, previews, and live figures. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard", "subscription"]);
  const { db } = context.get(requestContext).services;
  const issue = await getIssue(db, params.id);
  if (!issue) return data({ i18n, refused: null, view: null }, { status: 404 });
  const available = contentLanguages(issue.content);
  const counts = isEditable(issue.status) ? await audienceCounts(db, issue.audience, available) : null;
  const figures = await issueFigures(db, issue.id, issue.startedAt);
  const { user } = authorisedVisitor(context);
  const mailerLite = Boolean(context.get(requestContext).services.campaigns);
  const view = {
    delivery: issue.delivery,
    mailerLite,
    providerError: issue.campaigns.error ?? null,
    clicks: await issueClicks(db, issue.id),
    campaigns: LANGUAGES.flatMap((code) => {
      const campaign = issue.campaigns[code];
      return campaign ? [{ language: code, status: campaign.status ?? null, stats: campaign.stats ?? null }] : [];
    }),
    id: issue.id,
    status: issue.status,
    editable: isEditable(issue.status),
    languages: available.map((code) => ({ code, subject: issue.content[code]!.subject, preheader: issue.content[code]!.preheader, title: issue.content[code]!.title, truncated: issue.content[code]!.truncated })),
    audience: issue.audience,
    counts,
    figures,
    sendAt: issue.sendAt,
    sendAtText: issue.sendAt ? formatDateTime(issue.sendAt, language) : null,
    ownerEmail: user.email,
    topics: [...PROFILE_TOPICS],
    sources: [...SOURCES],
  };
  return { i18n, refused: null, view };
}

const answer = (problem: IssueProblem, status = 400, fields: Record<string, IssueProblem> = {}) => refused<string, IssueProblem>({ form: problem, ...fields }, { status });

/** Save, test, send now, schedule or cancel; each is audited by the module that does it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { actor, user } = authorisedVisitor(context);
  const now = services.now();
  const form = await request.formData().catch(() => null);
  const intent = parseInput(issueIntentSchema, form ?? {});
  if (!intent.ok) return answer("invalid");
  const issue = await getIssue(services.db, params.id);
  if (!issue) return answer("notFound", 404);
  const { db } = services;
  switch (intent.value.intent) {
    case "cancel":
      return (await cancelIssue(db, issue.id, actor, now)) ? { ok: true as const, done: "cancelled" as IssueDone } : answer("notEditable", 409);
    case "test": {
      const language = (LANGUAGES as readonly string[]).includes(intent.value.testLanguage) ? intent.value.testLanguage : "en";
      await db.transaction().execute((trx) => services.outbox.enqueue(trx, "newsletter.issue-test", { issueId: issue.id, language, email: user.email }, now));
      services.outbox.wake();
      return { ok: true as const, done: "test" as IssueDone };
    }
    case "save":
    case "send":
    case "schedule": {
      if (!isEditable(issue.status)) return answer("notEditable", 409);
      const available = contentLanguages(issue.content);
      const parsed = parseInput(issueFormSchema(available), plainObject(form ?? {}));
      if (!parsed.ok) return refused<string, IssueProblem>({ form: "invalid", ...(parsed.errors as Record<string, IssueProblem>) });
      const values = parsed.value as Record<string, unknown> & { audienceLanguages: Language[]; audienceSources: string[]; audienceInterests: string[]; delivery: "smtp" | "mailerlite" };
      const delivery = values.delivery === "mailerlite" && services.campaigns ? "mailerlite" : "smtp";
      const texts: IssueTexts = Object.fromEntries(available.map((code) => [code, { subject: String(values[`subject_${code}`]), preheader: String(values[`preheader_${code}`]) }]));
      const audience = { languages: values.audienceLanguages, sources: values.audienceSources, interests: values.audienceInterests };
      const item = issue.sourceKind === "article" ? await articleForMail(db, services.config.appUrl, issue.sourceId) : await episodeForMail(db, services.config.appUrl, issue.sourceId);
      if (!item) return answer("notFound", 404);
      const content = await issueContent(db, item, texts, renderIssueMail, { appUrl: services.config.appUrl, secret: services.config.sessionSecret, issueId: issue.id });
      if (!(await saveIssue(db, issue.id, { content, audience, delivery }, actor, now))) return answer("notEditable", 409);
      if (intent.value.intent === "save") return { ok: true as const, done: "saved" as IssueDone };
      const counts = await audienceCounts(db, audience, contentLanguages(content));
      if (Object.values(counts).every((count) => count === 0)) return answer("nobody");
      let sendAt = now;
      if (intent.value.intent === "schedule") {
        const instant = instantOf(intent.value.sendAt, intent.value.timezoneOffset);
        if (!instant) return answer("invalid", 400, { sendAt: "dateInvalid" });
        if (instant.getTime() <= now.getTime()) return answer("invalid", 400, { sendAt: "datePast" });
        sendAt = instant;
      }
      if (!(await scheduleIssue(db, services.outbox, issue.id, sendAt, actor, now))) return answer("notEditable", 409);
      services.outbox.wake();
      return { ok: true as const, done: (intent.value.intent === "send" ? "sending" : "scheduled") as IssueDone };
    }
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "issues");

export default function AdminNewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { refused: refusedReason, view } = loaderData;
  const refusal = refusalIn(actionData);
  return (
    <AdminPage titleKey="issues" refused={refusedReason}>
      {refusal && <AdminRefusal reason={refusal} />}
      {!refusedReason && !view && <FormNotice kind="error">{t("issues.issue.errors.notFound")}</FormNotice>}
      {view && <IssueView view={view} answer={actionData && !refusal ? (actionData as IssueAnswer) : null} />}
    </AdminPage>
  );
}

export type IssueAnswer = { ok: true; done: IssueDone } | { errors: Partial<Record<string, IssueProblem>> };
