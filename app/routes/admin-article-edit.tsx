import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/admin-article-edit";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { ArticleEditor } from "~/components/admin/articles/article-editor";
import type { EditorAnswer } from "~/components/admin/articles/editor-types";
import { PUBLISH_AND_SEND } from "~/components/admin/articles/editor-types";
import { renderIssueMail } from "~/components/mail/issue-mail";
import { languageOf } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { parseInput } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { articleEditSchema } from "~/modules/blog/editor/editor-form";
import { editorAnswer } from "~/modules/blog/editor/editor-answers.server";
import { editorView } from "~/modules/blog/editor/editor-view.server";
import { articleForMail } from "~/modules/blog/article-for-mail.server";
import { newIssue } from "~/modules/newsletter/issues/issue-texts.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** The editor of one article (`/admin/articles/new` for a new one), one language at a time (`?lang=fr`). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard", "editor", "blog"], { admin: true });
  const url = new URL(request.url);
  const view = await editorView(context.get(requestContext).services.db, params.id === "new" ? null : params.id, url.searchParams.get("lang"), language);
  if (!view) throw data(null, { status: 404 });
  return { i18n, refused: null, view, done: url.searchParams.get("done") };
}

/**
 * Save, publish, schedule, autosave, unpublish, delete, restore a revision, make a preview link, or
 * render the preview. "Publish and send" publishes, then opens a new newsletter issue of the article.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = authorisedVisitor(context);
  const form = await request.formData().catch(() => null);
  const andSend = form?.get("intent") === PUBLISH_AND_SEND;
  if (andSend) form?.set("intent", "publish");
  const checked = parseInput(articleEditSchema, form ?? {});
  if (!checked.ok) return refused(checked.errors, { extra: { intent: String(form?.get("intent") ?? "") } });
  const services = context.get(requestContext).services;
  const answer = await editorAnswer(services, actor, checked.value, languageOf(params));
  if (andSend && "ok" in answer && answer.ok && "id" in answer && answer.id) {
    const item = await articleForMail(services.db, services.config.appUrl, answer.id);
    if (item) {
      const issueId = await newIssue(services.db, { kind: "article", id: answer.id, item }, renderIssueMail, { appUrl: services.config.appUrl, secret: services.config.sessionSecret }, actor, services.now());
      return redirect(localizePath(`/admin/newsletter/${issueId}`, languageOf(params)));
    }
  }
  const to = "redirectTo" in answer ? answer.redirectTo : undefined;
  return to ? redirect(to) : answer;
}

/** Typing (autosave, the live preview) must not reload the page under the owner's cursor. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  return intent === "autosave" || intent === "render" || intent === "previewLink" ? false : defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "articleEditor");

export default function AdminArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="articleEditor" refused={refused}>
      {view && <ArticleEditor view={view} done={loaderData.done ?? null} answer={actionData as EditorAnswer | undefined} />}
    </AdminPage>
  );
}
