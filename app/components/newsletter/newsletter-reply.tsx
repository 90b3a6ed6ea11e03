import { useTranslation } from "~/i18n/use-translation";
import type { Translate } from "~/i18n/translator";
import { cn } from "~/components/lib/cn";

const FIELDS = ["email", "firstName", "lastName", "message", "form"] as const;

export type NewsletterReply = { ok: true; email: string } | { ok: false; errors: Partial<Record<(typeof FIELDS)[number], string>> };

/** The one problem an answer shows: the first field's, in the form's order. */
const problemOf = (errors: Partial<Record<(typeof FIELDS)[number], string>>) => FIELDS.map((field) => errors[field]).find(Boolean);

/** The title and text of an answer: success, or 'Subscription failed' with the reason. */
export function replyText(t: Translate, reply: NewsletterReply): { ok: boolean; title: string; description: string } {
  if (reply.ok) return { ok: true, title: t("newsletter:success.title"), description: t("newsletter:success.description") };
  const problem = problemOf(reply.errors);
  if (problem === "emailRequired") {
    return { ok: false, title: t("newsletter:invalidEmail.title"), description: t("newsletter:invalidEmail.description") };
  }
  const reason = problem === "failed" ? "failed.description" : `errors.${problem}`;
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
