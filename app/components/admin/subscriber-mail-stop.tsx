import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { useTranslation } from "~/i18n/use-translation";

/** Why no newsletter mail goes to this address (a bounce, a complaint), with the mail server's words, and the way to let it through again. */
export function MailStopped({ subscriberId, email, stop }: { subscriberId: string; email: string; stop: { reason: string; detail: string | null } }) {
  const { t } = useTranslation("dashboard");
  const busy = useNavigation().state !== "idle";
  return (
    <div className="flex flex-col items-start gap-2">
      {/* The reason in red; the mail server's own words, often long and technical, quieter beneath it. */}
      <p className="text-sm" data-mail-stop={stop.reason}>
        <span className="block leading-snug font-semibold text-alert">{t(`subscribers.mailStop.${stop.reason}`, { defaultValue: stop.reason })}</span>
        {stop.detail && <span className="mt-1 block text-xs leading-snug wrap-anywhere text-muted">{stop.detail}</span>}
      </p>
      <Form method="post">
        <input type="hidden" name="subscriberId" value={subscriberId} />
        <button type="submit" name="intent" value="resume-mail" disabled={busy} aria-label={t("subscribers.mailStop.resumeFor", { email })} className={buttonClass({ variant: "outline", size: "sm", className: "py-1 leading-snug" })}>
          {t("subscribers.mailStop.resume")}
        </button>
      </Form>
    </div>
  );
}
