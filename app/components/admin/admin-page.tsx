import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";

/** Why the admin gate refused the request (the strings live in the `admin` namespace). */
export type AdminRefusalReason = "unavailable" | "signedOut" | "denied" | "verify";

/** The title block of an admin page: a way back to the dashboard, the title and what the page is for. */
function AdminPageHeader({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  return (
    <header className="border-b border-line bg-sand/60">
      <div className="mx-auto max-w-wide px-4 py-8 sm:px-6 sm:py-12">
        <Link to={localize("/admin")} className="inline-flex min-h-11 items-center gap-2 font-semibold text-forest-700 underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-semibold sm:text-5xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{description}</p>
      </div>
    </header>
  );
}

/**
 * The translated refusal, with the way forward: sign in, or verify admin access on the dashboard. A
 * page may word it its own way under `textKey` (namespace `dashboard`); other reasons keep the
 * general text.
 */
export function AdminRefusal({ reason, textKey }: { reason: AdminRefusalReason; textKey?: string | undefined }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const keys = textKey ? [`${textKey}.${reason}`, `admin:refused.${reason}`] : [`admin:refused.${reason}`];
  return (
    <div role="alert" className="max-w-xl rounded-2xl border border-alert bg-white p-6">
      <p className="text-lg font-semibold text-alert">{t(keys)}</p>
      {reason === "signedOut" && (
        <Link to={localize("/sign-in")} className={buttonClass({ variant: "primary", className: "mt-5" })}>
          {t("refusal.signIn")}
        </Link>
      )}
      {reason === "verify" && (
        <Link to={localize("/admin")} className={buttonClass({ variant: "primary", className: "mt-5" })}>
          {t("refusal.verify")}
        </Link>
      )}
    </div>
  );
}

/**
 * An admin page: its header, then the refusal when the gate said no, otherwise its content. `notice`
 * (the answer to a form posted without JavaScript) shows above either.
 */
export function AdminPage({
  titleKey,
  refused,
  refusalKey,
  notice,
  children,
}: {
  titleKey: string;
  refused: AdminRefusalReason | null;
  refusalKey?: string;
  notice?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <AdminPageHeader title={t(`${titleKey}.title`)} description={t(`${titleKey}.description`)} />
      <div className="mx-auto max-w-wide px-4 py-8 sm:px-6 sm:py-10">
        {notice && <div className="mb-6">{notice}</div>}
        {refused ? <AdminRefusal reason={refused} textKey={refusalKey} /> : children}
      </div>
    </>
  );
}
