import type { Translate } from "~/i18n/translator";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";
import type { AdminRefusalReason } from "./admin-page";

/** What the sync action answers: how it went, what went wrong, or why the gate refused it. */
export type SyncProblem = "notConfigured" | "failed" | "invalid";
export type SyncAnswer = { ok: true; confirmed: number; queued: number } | { ok: false; errors: { form?: SyncProblem } } | { refused: AdminRefusalReason };

interface SyncMessage {
  ok: boolean;
  title: string;
  description: string | undefined;
}

/** The Sync answer in the reader's language: 'Sync started' with how many are on their way, or what went wrong. */
function syncMessage(t: Translate, answer: SyncAnswer, format: (value: number) => string): SyncMessage {
  if ("refused" in answer) return { ok: false, title: t(`subscribers.sync.refused.${answer.refused}`), description: undefined };
  if (answer.ok) {
    return { ok: true, title: t("subscribers.sync.started"), description: t("subscribers.sync.queued", { confirmed: format(answer.confirmed) }) };
  }
  const problem = answer.errors.form;
  if (problem === "notConfigured") return { ok: false, title: t("subscribers.sync.notConfigured"), description: t("subscribers.sync.notConfiguredHint") };
  return { ok: false, title: t(problem === "invalid" ? "subscribers.sync.invalid" : "subscribers.sync.failed"), description: undefined };
}

function useNumber() {
  const formatter = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  return (value: number) => formatter.format(value);
}

/** How many subscribers the outbox has yet to send to the mailing provider (after a Sync, or a backlog). */
export function SyncBacklog({ waiting }: { waiting: number }) {
  const { t } = useTranslation("dashboard");
  const format = useNumber();
  return (
    <p role="status" className="text-sm font-medium text-forest-900 lg:text-right">
      {t("subscribers.sync.waiting", { count: waiting, number: format(waiting) })}
    </p>
  );
}

/** The answer on the page, for a sync posted without JavaScript (with JavaScript it is a toast). */
export function SyncNotice({ answer }: { answer: SyncAnswer }) {
  const { t } = useTranslation("dashboard");
  const message = syncMessage(t, answer, useNumber());
  return (
    <div role={message.ok ? "status" : "alert"} className={cn("rounded-xl border bg-white px-5 py-4", message.ok ? "border-forest-700 bg-forest-100 text-forest-900" : "border-alert text-alert")}>
      <p className="font-semibold">{message.title}</p>
      {message.description && <p className="mt-1">{message.description}</p>}
    </div>
  );
}

/**
 * 'Sync': with JavaScript it posts in the background, reads 'Syncing...' meanwhile and
 * answers with a toast; the list then reloads (React Router revalidates after a successful action).
 * Without JavaScript it is a plain form post and the page shows the answer.
 */
export function SyncButton() {
  const { t } = useTranslation("dashboard");
  const format = useNumber();
  const fetcher = useFetcher<SyncAnswer>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (data) => {
    const message = syncMessage(t, data, format);
    void showToast(message.ok ? "success" : "error", message.title, message.description ? { description: message.description } : undefined);
  });
  return (
    <fetcher.Form method="post">
      <button type="submit" name="intent" value="sync" disabled={busy} aria-describedby="sync-hint" className={buttonClass({ variant: "primary" })}>
        <RefreshCw aria-hidden="true" className={cn("size-4", busy && "motion-safe:animate-spin")} />
        {busy ? t("subscribers.sync.syncing") : t("subscribers.sync.button")}
      </button>
    </fetcher.Form>
  );
}
