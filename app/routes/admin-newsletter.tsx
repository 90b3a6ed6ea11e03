import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-newsletter";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage, AdminRefusal } from "~/components/admin/admin-page";
import { IssueList } from "~/components/admin/newsletter/issue-list";
import { renderIssueMail } from "~/components/mail/issue-mail";
import { FormNotice } from "~/components/ui/form-field";
import { useTranslation } from "~/i18n/use-translation";
import { formatDateTime } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { parseInput, trimmedField } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { refusalIn } from "~/lib/route-policies";
import { articleForMail } from "~/modules/blog/article-for-mail.server";
import { episodeForMail } from "~/modules/podcast/episode-for-mail.server";
import { newIssue } from "~/modules/newsletter/issues/issue-texts.server";
import { issueSummaries } from "~/modules/newsletter/issues/issue-summaries.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** Every issue, newest first, with where it stands. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { db } = context.get(requestContext).services;
  const issues = (await issueSummaries(db)).map((issue) => ({
    ...issue,
    created: formatDateTime(issue.createdAt, language),
    sendAtText: issue.sendAt ? formatDateTime(issue.sendAt, language) : null,
    finishedText: issue.finishedAt ? formatDateTime(issue.finishedAt, language) : null,
  }));
  return { i18n: pageResourcesFor(language, ["dashboard"]), refused: null, view: { issues } };
}

const createSchema = z.union([
  z.object({ article: trimmedField().pipe(z.string().min(1).max(64)) }).transform(({ article }) => ({ kind: "article" as const, id: article })),
  z.object({ episode: trimmedField().pipe(z.string().min(1).max(64)) }).transform(({ episode }) => ({ kind: "episode" as const, id: episode })),
]);

/** "Send as newsletter" from the article editor or an episode's card: a draft issue of it, then its page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const form = await request.formData().catch(() => null);
  const checked = parseInput(createSchema, form ?? {});
  if (!checked.ok) return refused<string, "notFound">({ form: "notFound" }, { status: 400 });
  const { kind, id: sourceId } = checked.value;
  const item = kind === "article" ? await articleForMail(services.db, services.config.appUrl, sourceId) : await episodeForMail(services.db, services.config.appUrl, sourceId);
  if (!item) return refused<string, "notFound">({ form: "notFound" }, { status: 404 });
  const id = await newIssue(services.db, { kind, id: sourceId, item }, renderIssueMail, { appUrl: services.config.appUrl, secret: services.config.sessionSecret }, actor, services.now());
  return redirect(localizePath(`/admin/newsletter/${id}`, languageOf(params)));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "issues");

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { refused: refusedReason, view } = loaderData;
  const refusal = refusalIn(actionData);
  const problem = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  return (
    <AdminPage titleKey="issues" refused={refusedReason}>
      {view && (
        <div className="flex flex-col gap-6">
          {refusal && <AdminRefusal reason={refusal} />}
          {problem && <FormNotice kind="error">{t("issues.create.notFound")}</FormNotice>}
          <IssueList issues={view.issues} />
        </div>
      )}
    </AdminPage>
  );
}

