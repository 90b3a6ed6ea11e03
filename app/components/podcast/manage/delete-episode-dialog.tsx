import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import type { EpisodeAnswer } from "~/modules/podcast/episode-form";
import type { EpisodeView } from "~/components/podcast/episode-view";

/** Delete with confirmation: the row and its audio go; 'Deleting...' meanwhile. */
export default function DeleteEpisodeDialog({ episode, onClose }: { episode: EpisodeView; onClose: () => void }) {
  const { t } = useTranslation("podcast");
  const fetcher = useFetcher<EpisodeAnswer>();
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      void showToast("success", t("manage.toasts.deleted"), {
        description: t("manage.toasts.deletedText", { title: episode.title }),
      });
      onClose();
    } else {
      void showToast("error", t("manage.toasts.error"), {
        description: t("manage.toasts.deleteFailed"),
      });
    }
  });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-paper p-6 text-ink shadow-2xl sm:p-8"
        >
          <Dialog.Title className="font-serif text-2xl font-semibold">{t("manage.deleteTitle")}</Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">{t("manage.deleteText", { title: episode.title })}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={buttonClass({ variant: "ghost" })} disabled={busy}>
              {t("manage.cancel")}
            </Dialog.Close>
            <button
              type="button"
              disabled={busy}
              onClick={() => void fetcher.submit({ intent: "delete", id: episode.id }, { method: "post" })}
              className={buttonClass({ variant: "danger" })}
            >
              {busy ? t("manage.deleting") : t("manage.deleteConfirm")}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
