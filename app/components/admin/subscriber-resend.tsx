import { Send } from "lucide-react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { cn } from "~/components/lib/cn";
import type { Translate } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import type { AdminRefusalReason } from "./admin-page";

export type ResendProblem = "notWaiting" | "tooMany" | "invalid" | "failed";
export type ResendAnswer =
  | { ok: true; intent: "resend"; resent: string }
  | { ok: false; intent: "resend"; errors: { form?: ResendProblem } }
  | { refused: AdminRefusalReason };

/** The list's form answers either a sync or a resend; a resend's answer says so. */
export const isResendAnswer = (answer: object): answer is ResendAnswer => "intent" in answer && answer.intent === "resend";

function resendMessage(t: Translate, answer: ResendAnswer): { ok: boolean; text: string } {
  if ("refused" in answer) return { ok: false, text: t(`subscribers.sync.refused.${answer.refused}`) };
  if (answer.ok) return { ok: true, text: t("subscribers.mail.resent", { email: answer.resent }) };
  return { ok: false, text: t(`subscribers.mail.problems.${answer.errors.form ?? "failed"}`) };
}

/** The answer on the page, for a resend posted without JavaScript (with JavaScript it is a toast). */
export function ResendNotice({ answer }: { answer: ResendAnswer }) {
  const { t } = useTranslation("dashboard");
  const message = resendMessage(t, answer);
  return (
    <div role={message.ok ? "status" : "alert"} className={cn("rounded-xl border bg-white px-5 py-4 font-semibold", message.ok ? "border-forest-700 bg-forest-100 text-forest-900" : "border-alert text-alert")}>
      {message.text}
    </div>
  );
}

/** 'Resend' for one waiting subscriber: a fresh confirmation link, answered by a toast (or the page without JavaScript). */
export function ResendButton({ subscriberId, email }: { subscriberId: string; email: string }) {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher<ResendAnswer>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (data) => {
    const message = resendMessage(t, data);
    void showToast(message.ok ? "success" : "error", message.text);
  });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="subscriberId" value={subscriberId} />
      <button type="submit" name="intent" value="resend" disabled={busy} aria-label={t("subscribers.mail.resendFor", { email })} className={buttonClass({ variant: "outline", size: "sm" })}>
        <Send aria-hidden="true" className="size-4" />
        {busy ? t("subscribers.mail.resending") : t("subscribers.mail.resend")}
      </button>
    </fetcher.Form>
  );
}
