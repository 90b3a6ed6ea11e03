import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { cn } from "~/components/lib/cn";

export type NewsletterReply =
  | { result: "success"; email: string }
  | { result: "invalid"; error: string }
  | { result: "duplicate" | "tooMany" | "failed" };

/** The title and text of an answer: success, or 'Subscription failed' with the reason. */
export function replyText(t: TFunction, reply: NewsletterReply): { ok: boolean; title: string; description: string } {
  if (reply.result === "success") return { ok: true, title: t("newsletter:success.title"), description: t("newsletter:success.description") };
  if (reply.result === "invalid" && reply.error === "emailRequired") {
    return { ok: false, title: t("newsletter:invalidEmail.title"), description: t("newsletter:invalidEmail.description") };
  }
  const reason = reply.result === "invalid" ? `errors.${reply.error}` : reply.result === "failed" ? "failed.description" : `errors.${reply.result}`;
  return { ok: false, title: t("newsletter:failed.title"), description: t(`newsletter:${reason}`) };
}

/** The answer shown in the page (forms sent without JavaScript, and the /subscribe page). */
export function NewsletterReplyMessage({ reply }: { reply: NewsletterReply }) {
  const { t } = useTranslation();
  const { ok, title, description } = replyText(t, reply);
  return (
    <div role={ok ? "status" : "alert"} className={cn("rounded-xl border p-4", ok ? "border-forest-700/30 bg-forest-700/5" : "border-alert bg-white")}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-muted">{description}</p>
    </div>
  );
}
