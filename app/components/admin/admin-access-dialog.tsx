import * as Dialog from "@radix-ui/react-dialog";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";
import { outcomeOf } from "~/lib/refusal";
import { adminToastFor, showAdminToast } from "./admin-toasts";

type AccessStatus = { state: "unavailable" | "signedOut" | "denied" | "verify" | "admin"; email: string | null };

/**
 * The admin dialog: a signed-in user clicks 'Verify Admin Access' ('Verifying...' meanwhile); an
 * admin in admin mode sees 'Logout Admin'. Verifying with no user gives the 'Authentication Required'
 * toast. The server decides every answer; the dialog only shows it.
 */
export default function AdminAccessDialog({ onClose, notice }: { onClose: () => void; notice?: string }) {
  const { t } = useTranslation("admin");
  const localize = useLocalize();
  const status = useFetcher<AccessStatus>();
  const intent = useFetcher<Parameters<typeof outcomeOf>[0]>();
  const loadStatus = status.load;
  useEffect(() => {
    loadStatus("/admin-access");
  }, [loadStatus]);

  useFetcherAnswer(intent, (data) => {
    showAdminToast(t, adminToastFor(outcomeOf(data)));
    loadStatus("/admin-access");
  });

  const submit = (value: "verify" | "logout") => intent.submit({ intent: value }, { method: "post", action: "/admin-access" });
  const busy = intent.state !== "idle";
  const current = status.data;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-paper p-6 text-ink shadow-2xl sm:p-8">
          <Dialog.Title className="font-serif text-2xl font-semibold">{t("access.title")}</Dialog.Title>
          {notice && current?.state !== "admin" && (
            <p role="alert" className="mt-3 rounded-xl border border-alert bg-white px-4 py-3 font-medium text-alert">
              {notice}
            </p>
          )}
          <Dialog.Description className="mt-3 text-muted" aria-live="polite">
            {!current && t("access.checking")}
            {current?.state === "signedOut" && t("access.signedOutText")}
            {current?.state === "admin" && t("access.activeText")}
            {(current?.state === "verify" || current?.state === "denied") && `${t("access.signedInAs", { email: current.email })} ${t("access.verifyText")}`}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={buttonClass({ variant: "ghost" })}>{t("access.close")}</Dialog.Close>
            {current?.state === "signedOut" && (
              <Link to={localize("/sign-in")} onClick={onClose} className={buttonClass({ variant: "outline" })}>
                {t("access.signIn")}
              </Link>
            )}
            {current?.state === "admin" ? (
              <>
                <Link to={localize("/admin")} onClick={onClose} className={buttonClass({ variant: "outline" })}>
                  {t("access.dashboard")}
                </Link>
                <button type="button" disabled={busy} onClick={() => submit("logout")} className={buttonClass({ variant: "primary" })}>
                  {t("access.logout")}
                </button>
              </>
            ) : (
              <button type="button" disabled={busy || !current} onClick={() => submit("verify")} className={buttonClass({ variant: "primary" })}>
                {busy ? t("access.verifyingButton") : t("access.verify")}
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
