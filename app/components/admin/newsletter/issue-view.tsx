import { ArrowLeft, ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FormNotice } from "~/components/ui/form-field";
import { Link } from "~/components/ui/link";
import { LANGUAGE_NAMES, type Language } from "~/i18n/languages";
import { useLocalize } from "~/i18n/root-data";
import { useTranslation } from "~/i18n/use-translation";
import type { IssueDone, IssueProblem } from "~/modules/newsletter/issues/issue-actions";
import type { IssueAudience } from "~/modules/newsletter/issues/issue-content";
import type { IssueStatus } from "~/modules/newsletter/issues/issues.server";
import { IssueAudienceFields } from "./issue-audience-fields";
import { IssueClicks } from "./issue-clicks";
import { IssueCampaigns, IssueDeliveryFields, type CampaignSummary } from "./issue-delivery";
import { IssueFiguresTable, type Figures } from "./issue-figures";
import { IssueStatusBadge } from "./issue-status-badge";

export interface IssueViewData {
  id: string;
  status: IssueStatus;
  editable: boolean;
  languages: Array<{ code: Language; subject: string; preheader: string; title: string; truncated: boolean }>;
  audience: IssueAudience;
  counts: Record<Language, number> | null;
  figures: { total: Figures; byLanguage: Partial<Record<Language, Figures>> };
  /** When a scheduled issue goes out (ISO), and as the owner reads it. */
  sendAt?: string | null;
  sendAtText: string | null;
  ownerEmail: string;
  topics: string[];
  sources: string[];
  delivery: "smtp" | "mailerlite";
  mailerLite: boolean;
  providerError: string | null;
  clicks: Array<{ link: string; clicks: number }>;
  campaigns: CampaignSummary[];
}

type Answer = { ok: true; done: IssueDone } | { errors: Partial<Record<string, IssueProblem>> } | null;

const inputClass = (invalid: boolean) => `min-h-11 w-full rounded-xl border bg-white px-4 text-base ${invalid ? "border-alert" : "border-line"}`;

/** A day: a scheduled issue further away than this is not watched (the owner will come back to it). */
const WATCHED_AHEAD_MS = 86_400_000;

/**
 * While an issue sends, its figures are read again every few seconds; a scheduled one is read again
 * once its time has come, so the page turns to "Sending" by itself, "Send now" included (the server
 * may not have started it yet when the page first reads it back).
 */
function useLiveFigures(status: IssueStatus, sendAt: string | null | undefined) {
  const { revalidate, state } = useRevalidator();
  const sending = status === "sending";
  const dueAt = status === "scheduled" && sendAt ? Date.parse(sendAt) : Number.NaN;
  useEffect(() => {
    if (!sending && Number.isNaN(dueAt)) return;
    const wait = sending ? 0 : dueAt - Date.now();
    if (wait > WATCHED_AHEAD_MS) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => (timer = setInterval(() => state === "idle" && void revalidate(), 3_000)), Math.max(0, wait));
    return () => {
      clearTimeout(start);
      clearInterval(timer);
    };
  }, [sending, dueAt, revalidate, state]);
}

/** The issue page: texts and audience (while it may change), who gets which language, the previews, the sending buttons, the figures. */
export function IssueView({ view, answer }: { view: IssueViewData; answer: Answer }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const busy = useNavigation().state !== "idle";
  const offset = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (offset.current) offset.current.value = String(new Date().getTimezoneOffset());
  }, []);
  useLiveFigures(view.status, view.sendAt);
  const errors = answer && "errors" in answer ? answer.errors : {};
  const problem = (field: string) => errors[field];
  const title = view.languages[0]?.title ?? "";
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to={localize("/admin/newsletter")} className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-forest-700 underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("issues.issue.back")}
        </Link>
        <h2 className="text-2xl font-semibold">{t("issues.issue.title", { title })}</h2>
        <p className="flex flex-wrap items-center gap-3">
          <IssueStatusBadge status={view.status} />
          {view.status === "scheduled" && view.sendAtText && <span className="text-muted">{t("issues.list.sendAt", { date: view.sendAtText })}</span>}
        </p>
        {answer && "done" in answer && <FormNotice kind="success">{t(`issues.issue.done.${answer.done}`, { email: view.ownerEmail })}</FormNotice>}
        {errors.form && <FormNotice kind="error">{t(`issues.issue.errors.${errors.form}`)}</FormNotice>}
      </div>

      {/* What became of the mails comes first once they go out: the previews below are long. */}
      {view.providerError && <FormNotice kind="error">{t("issues.issue.providerError", { error: view.providerError })}</FormNotice>}
      {(view.status === "sending" || view.status === "sent" || view.status === "cancelled") && <IssueFiguresTable figures={view.figures} live={view.status === "sending"} />}
      <IssueCampaigns campaigns={view.campaigns} />
      <IssueClicks clicks={view.clicks} />

      {(view.status === "scheduled" || view.status === "sending") && (
        <Form method="post">
          <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClass({ variant: "outline" })}>
            {t("issues.issue.cancel")}
          </button>
        </Form>
      )}

      {view.editable && (
        <Form method="post" className="flex flex-col gap-8" aria-label={t("issues.issue.texts")}>
          <fieldset className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
            <legend className="px-1 text-lg font-semibold">{t("issues.issue.texts")}</legend>
            <p className="text-sm text-muted">{t("issues.issue.textsHint")}</p>
            {view.languages.map(({ code, subject, preheader }) => (
              <div key={code} lang={code} className="grid gap-3 border-t border-line pt-4 first-of-type:border-t-0 first-of-type:pt-0 sm:grid-cols-2">
                <label className="flex flex-col gap-1">
                  <span className="font-semibold">{t("issues.issue.subject", { language: LANGUAGE_NAMES[code] })}</span>
                  <input name={`subject_${code}`} defaultValue={subject} maxLength={150} required aria-invalid={Boolean(problem(`subject_${code}`))} className={inputClass(Boolean(problem(`subject_${code}`)))} />
                  {problem(`subject_${code}`) && <span className="text-sm font-medium text-alert">{t(`issues.issue.errors.${problem(`subject_${code}`)}`)}</span>}
                </label>
                <label className="flex flex-col gap-1">
                  <span className="font-semibold">{t("issues.issue.preheader", { language: LANGUAGE_NAMES[code] })}</span>
                  <input name={`preheader_${code}`} defaultValue={preheader} maxLength={200} aria-invalid={Boolean(problem(`preheader_${code}`))} className={inputClass(Boolean(problem(`preheader_${code}`)))} />
                  {problem(`preheader_${code}`) && <span className="text-sm font-medium text-alert">{t(`issues.issue.errors.${problem(`preheader_${code}`)}`)}</span>}
                </label>
              </div>
            ))}
          </fieldset>
          <IssueDeliveryFields delivery={view.delivery} mailerLite={view.mailerLite} />
          <IssueAudienceFields audience={view.audience} topics={view.topics} sources={view.sources} counts={view.counts} available={view.languages.map(({ code }) => code)} />
          <input ref={offset} type="hidden" name="timezoneOffset" defaultValue="0" />
          <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass({ variant: "outline" })}>
                {t("issues.issue.save")}
              </button>
              <button type="submit" name="intent" value="send" disabled={busy} className={buttonClass({ variant: "primary" })}>
                {t("issues.issue.sendNow")}
              </button>
            </div>
            <label htmlFor="sendAt" className="font-semibold">
              {t("issues.issue.schedule")}
            </label>
            {/* The field's calendar button takes the focus inside the field: the field shows the ring then too. */}
            <div className="flex flex-wrap gap-3">
              <input id="sendAt" name="sendAt" type="datetime-local" aria-describedby="sendAt-hint" aria-invalid={Boolean(problem("sendAt"))} className={`${inputClass(Boolean(problem("sendAt")))} min-w-0 flex-1 basis-56 focus-within:shadow-[0_0_0_6px_var(--color-gold-300)] focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-forest-700 sm:max-w-sm`} />
              <button type="submit" name="intent" value="schedule" disabled={busy} className={buttonClass({ variant: "accent" })}>
                {t("issues.issue.scheduleButton")}
              </button>
            </div>
            <p id="sendAt-hint" className="text-sm text-muted">
              {t("issues.issue.sendAtHint")}
            </p>
            {problem("sendAt") && <p className="text-sm font-medium text-alert">{t(`issues.issue.errors.${problem("sendAt")}`)}</p>}
          </div>
        </Form>
      )}

      <section aria-labelledby="issue-preview" className="flex flex-col gap-4">
        <h3 id="issue-preview" className="text-xl font-semibold">
          {t("issues.issue.preview")}
        </h3>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t("issues.issue.testLanguage")}</span>
            <select name="testLanguage" className="min-h-11 rounded-xl border border-line bg-white px-3">
              {view.languages.map(({ code }) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          {/* The owner's address may be long: it wraps inside the button rather than pushing past a phone's edge. */}
          <button type="submit" name="intent" value="test" disabled={busy} className={buttonClass({ variant: "outline", className: "max-w-full py-2 text-left wrap-anywhere" })}>
            {t("issues.issue.test", { email: view.ownerEmail })}
          </button>
        </Form>
        {/* One language open at a time, the first to start with: four frames one under another made a phone's page endless. */}
        <div className="divide-y divide-line rounded-2xl border border-line bg-white">
          {view.languages.map(({ code, truncated }, index) => (
            <details key={code} open={index === 0 || undefined} className="group">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-2 font-semibold sm:px-6 [&::-webkit-details-marker]:hidden">
                {t("issues.issue.previewHtml", { language: LANGUAGE_NAMES[code] })}
                <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
              </summary>
              <div className="flex flex-col gap-2 px-4 pb-4 sm:px-6 sm:pb-6">
                {truncated && <p className="text-sm text-muted">{t("issues.issue.truncated")}</p>}
                <iframe title={t("issues.issue.previewHtml", { language: LANGUAGE_NAMES[code] })} src={`/admin/newsletter/${view.id}/preview?language=${code}`} sandbox="" loading="lazy" className="h-[26rem] w-full rounded-xl border border-line bg-white sm:h-[40rem]" />
                <a href={`/admin/newsletter/${view.id}/preview?language=${code}&format=text`} className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-forest-700 underline-offset-4 hover:underline">
                  {t("issues.issue.previewText")}
                </a>
              </div>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
