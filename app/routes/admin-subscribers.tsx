import { data } from "react-router";
import type { Route } from "./+types/admin-subscribers";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { SubscribersView, type SubscribersViewProps } from "~/components/admin/subscribers-view";
import { SyncNotice, type SyncAnswer, type SyncProblem } from "~/components/admin/subscriber-sync";
import { isResendAnswer, ResendNotice, type ResendProblem } from "~/components/admin/subscriber-resend";
import { formatDateTime, formatMonth } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { listSubscribers, recordSubscribersViewed, subscriberStats } from "~/modules/newsletter/subscriber-admin.server";
import { firstProblem, parseInput } from "~/lib/form-input";
import { subscriberSearchSchema, typedSearch, SEARCH_ERRORS } from "~/modules/newsletter/subscriber-search";
import { providerBacklog, syncAllVerified } from "~/modules/newsletter/provider-sync.server";
import { syncSchema } from "~/modules/newsletter/sync-form";
import { resendSchema, resumeMailSchema } from "~/modules/newsletter/resend-form";
import { resendConfirmation } from "~/modules/newsletter/confirmation-resend.server";
import type { Actor } from "~/modules/audit/audit.server";
import { answerRefusals, refused } from "~/lib/refusal";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { clearMailStop } from "~/modules/newsletter/mail-stops.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/**
 * Subscriber Management: the list newest first with search and pages (`?q=&page=`),
 * and on the first page without a search the counts, sign-ups per month and by source. Viewing it is
 * audited (`view_subscribers`). A failing database leaves an empty list and 'Failed to fetch subscribers'.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard"]);
  const { actor } = authorisedVisitor(context);
  const { db, dialect, logger, now } = services;
  const query = new URL(request.url).searchParams;
  const parsed = parseInput(subscriberSearchSchema, query);
  const reply = (view: SubscribersViewProps, status = 200) => data({ i18n, refused: null, view }, { status });
  const empty = { items: [], total: 0, more: false, page: 1, pageCount: 1 };
  if (!parsed.ok) return reply({ query: typedSearch(query), error: firstProblem(parsed.errors, SEARCH_ERRORS) ?? null, list: empty, stats: null, providerWaiting: null }, 400);
  const search = parsed.value;
  try {
    const list = await listSubscribers(db, dialect, search.q, search.page);
    const stats = !search.q && list.page === 1 ? await subscriberStats(db, now(), list.total) : null;
    await recordSubscribersViewed(db, actor, { page: list.page, searched: Boolean(search.q), matches: list.total }, now());
    const items = list.items.map((item) => ({
      ...item,
      when: formatDateTime(item.createdAt, language),
      mail: item.mail && { ...item.mail, when: formatDateTime(item.mail.at, language) },
    }));
    const month = (entry: { month: string; count: number }) => ({
      ...entry,
      narrow: formatMonth(entry.month, language, "narrow"),
      short: formatMonth(entry.month, language, "short"),
      full: formatMonth(entry.month, language, "full"),
    });
    const providerWaiting = services.mailingProvider ? await providerBacklog(db) : null;
    return reply({ query: search.q, error: null, list: { ...list, items }, stats: stats && { ...stats, months: stats.months.map(month) }, providerWaiting });
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch subscribers");
    return reply({ query: search.q, error: "fetchFailed", list: empty, stats: null, providerWaiting: null }, 500);
  }
}

/**
 * The list's two forms: 'Resend' (intent "resend", see resendAnswer), or 'Sync': every confirmed subscriber
 * handed to the outbox, which sends them to the mailing provider in the background (syncAllVerified writes
 * the `sync_mailerlite` audit row), answered at once with how many are on their way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "resend") return resendAnswer(context, actor, form);
  if (form?.get("intent") === "resume-mail") {
    const checked = parseInput(resumeMailSchema, form);
    const resumed = checked.ok && (await clearMailStop(services.db, checked.value.subscriberId, actor, services.now()));
    return resumed ? { ok: true as const, intent: "resume-mail" as const } : refused<string, ResendProblem>({ form: "invalid" }, { status: 409 });
  }
  const checked = parseInput(syncSchema, form ?? {});
  if (!checked.ok) return refused<string, SyncProblem>({ form: "invalid" });
  try {
    return await answerRefusals(async () => ({ ok: true as const, ...(await syncAllVerified(services, actor)) }));
  } catch (error) {
    services.logger.error({ err: error }, "subscriber sync failed");
    return refused<string, SyncProblem>({ form: "failed" }, { status: 500 });
  }
}

/** 'Resend': a fresh confirmation link for a subscriber still waiting (resendConfirmation audits it). */
async function resendAnswer(context: Route.ActionArgs["context"], actor: Actor, form: FormData) {
  const extra = { intent: "resend" as const };
  const checked = parseInput(resendSchema, form);
  if (!checked.ok) return refused<string, ResendProblem, undefined, typeof extra>({ form: "invalid" }, { extra });
  const { db, logger, now, outbox } = context.get(requestContext).services;
  try {
    const outcome = await resendConfirmation(db, actor, checked.value.subscriberId, now());
    if (outcome.ok === false && outcome.reason === "tooMany") {
      return refused<string, ResendProblem, undefined, typeof extra>({ form: "tooMany" }, { extra, status: 429, retryAfterSeconds: outcome.retryAfterSeconds });
    }
    if (!outcome.ok) return refused<string, ResendProblem, undefined, typeof extra>({ form: "notWaiting" }, { extra, status: 409 });
    outbox.wake();
    return { ok: true as const, ...extra, resent: outcome.email };
  } catch (error) {
    logger.error({ err: error }, "confirmation resend failed");
    return refused<string, ResendProblem, undefined, typeof extra>({ form: "failed" }, { extra, status: 500 });
  }
}

// A resend refused for too many mails to one address says when to try again, with or without JavaScript.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "subscribers");

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  // Without JavaScript the sync is a form post: its answer (or its refusal) is shown on the page.
  return (
    <AdminPage
      titleKey="subscribers"
      refused={refused}
      refusalKey="subscribers.refused"
      notice={actionData && !("intent" in actionData && actionData.intent === "resume-mail") && (isResendAnswer(actionData) ? <ResendNotice answer={actionData} /> : <SyncNotice answer={actionData as SyncAnswer} />)}
    >
      {view && <SubscribersView {...view} />}
    </AdminPage>
  );
}
