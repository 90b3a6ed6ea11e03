import { MailWarning } from "lucide-react";
import { Link } from "~/components/ui/link";
import { useLocalize } from "~/i18n/root-data";
import { useTranslation } from "~/i18n/use-translation";

/** A confirmation mail that did not leave: to whom, when it last failed (written out on the server) and why. */
export interface FailedMail {
  email: string;
  error: string | null;
  when: string;
  /** The outbox will try again; otherwise the mail server refused it for good or the last try failed. */
  retrying: boolean;
}

/** The dashboard's list of confirmation mails that failed, with their addresses; nothing when there are none. */
export function FailedMails({ mails }: { mails: FailedMail[] }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  if (mails.length === 0) return null;
  return (
    <section aria-labelledby="failed-mails" className="mt-8 rounded-2xl border border-alert bg-white p-6">
      <h2 id="failed-mails" className="flex items-center gap-3 text-xl font-semibold">
        <MailWarning aria-hidden="true" className="size-5 text-alert" />
        {t("subscribers.mail.failedTitle")}
      </h2>
      <p className="mt-2 text-muted">
        {t("subscribers.mail.failedText")}{" "}
        <Link to={localize("/admin/subscribers")} className="font-semibold text-forest-700 underline">
          {t("subscribers.mail.failedLink")}
        </Link>
      </p>
      <ul className="mt-4 flex flex-col divide-y divide-line">
        {mails.map((mail) => (
          <li key={mail.email} className="flex flex-col gap-1 py-3">
            <span className="font-semibold wrap-anywhere">{mail.email}</span>
            <span className="text-sm text-muted">{t(mail.retrying ? "subscribers.mail.retrying" : "subscribers.mail.failed", { when: mail.when })}</span>
            {mail.error && <span className="text-sm text-alert wrap-anywhere">{mail.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
