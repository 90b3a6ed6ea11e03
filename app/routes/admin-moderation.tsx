import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import type { Route } from "./+types/admin-moderation";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage, AdminRefusal } from "~/components/admin/admin-page";
import { ModerationView, type ModerationDone, type ModerationError } from "~/components/admin/moderation-view";
import { useHydrated } from "~/components/lib/use-hydrated";
import { FormNotice } from "~/components/ui/form-field";
import { showToast } from "~/components/ui/toast";
import { formatDateTime } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { parseInput, plainObject } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { refusalIn } from "~/lib/route-policies";
import { moderationSchema, moderationViewSchema } from "~/modules/comments/moderation-form";
import { approveComment, commentsForModeration, deleteComment, pendingCommentCount } from "~/modules/comments/moderation.server";
import { contactMessagesForModeration, deleteContactMessage, markContactHandled, newContactMessageCount } from "~/modules/contact/moderation.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** Comments (pending first) or contact messages (newest first), one list a tab, 25 a page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard", "contact"]);
  const { db } = context.get(requestContext).services;
  const query = new URL(request.url).searchParams;
  const read = parseInput(moderationViewSchema, query);
  const counts = { pendingComments: await pendingCommentCount(db), newMessages: await newContactMessageCount(db) };
  const date = (iso: string) => formatDateTime(iso, language);
  if (!read.ok) {
    // Only the page can be wrong: the tab still reads as the schema reads it.
    const { tab } = moderationViewSchema.pick({ tab: true }).parse(plainObject(query));
    const base = { tab, counts, confirm: null };
    return data({ i18n, refused: null, view: { ...base, error: "invalidPage" as const, comments: null, messages: null } }, { status: 400 });
  }
  const { tab, page, confirm } = read.value;
  const base = { tab, counts, confirm };
  const comments = tab === "comments" ? await commentsForModeration(db, page) : null;
  const messages = tab === "messages" ? await contactMessagesForModeration(db, page) : null;
  const view = {
    ...base,
    error: null,
    comments: comments && { ...comments, items: comments.items.map((comment) => ({ ...comment, date: date(comment.createdAt) })) },
    messages: messages && { ...messages, items: messages.items.map((message) => ({ ...message, date: date(message.createdAt) })) },
  };
  return { i18n, refused: null, view };
}

const CHANGES = {
  "approve-comment": { run: approveComment, done: "approved", confirm: false },
  "delete-comment": { run: deleteComment, done: "commentDeleted", confirm: true },
  "handle-message": { run: markContactHandled, done: "handled", confirm: false },
  "delete-message": { run: deleteContactMessage, done: "messageDeleted", confirm: true },
} as const satisfies Record<string, { run: unknown; done: ModerationDone; confirm: boolean }>;

const moderationForm = moderationSchema(Object.keys(CHANGES) as [keyof typeof CHANGES]);

/** Approve or delete a comment, mark a message handled or delete it; each change is audited with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const form = await request.formData().catch(() => null);
  const checked = parseInput(moderationForm, form ?? {});
  if (!checked.ok) return refused<string, ModerationError>({ form: "invalid" });
  const change = CHANGES[checked.value.intent];
  if (change.confirm && !checked.value.confirm) return refused<string, ModerationError>({ form: "confirmRequired" });
  const outcome = await change.run(services.db, checked.value.id, actor, services.now());
  if (outcome === "notFound") return refused<string, ModerationError>({ form: "notFound" }, { status: 404 });
  return { ok: true as const, done: change.done as ModerationDone };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "moderation");

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const { refused, view } = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const problem = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  // Besides its own answers, the action's answer may be the policy's refusal of the post.
  const refusal = refusalIn(actionData);
  useEffect(() => {
    if (done) void showToast("success", t(`moderation.done.${done}`));
  }, [actionData, done, t]);
  return (
    <AdminPage titleKey="moderation" refused={refused}>
      {view && (
        <div className="flex flex-col gap-6">
          {refusal && <AdminRefusal reason={refusal} />}
          {problem && <FormNotice kind="error">{t(`moderation.errors.${problem}`)}</FormNotice>}
          {view.error && <FormNotice kind="error">{t(`filters.errors.${view.error}`)}</FormNotice>}
          {/* Without JavaScript there is no toast: the answer is shown on the page instead. */}
          {done && !hydrated && <FormNotice kind="success">{t(`moderation.done.${done}`)}</FormNotice>}
          <ModerationView tab={view.tab} counts={view.counts} comments={view.comments} messages={view.messages} confirm={view.confirm} />
        </div>
      )}
    </AdminPage>
  );
}
