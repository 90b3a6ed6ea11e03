import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import type { SocialPlatform } from "./nav-items";

/** The 'Coming Soon' overlay the social buttons open; Go Back closes it. Loaded on first use. */
export default function ComingSoonDialog({ platform, onClose }: { platform: SocialPlatform; onClose: () => void }) {
  const { t } = useTranslation("footer");
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-paper p-6 text-ink shadow-2xl sm:p-8">
          <Dialog.Title className="font-serif text-2xl font-semibold">{t("comingSoon.title")}</Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">
            {t("comingSoon.message", { platform })}
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={buttonClass({ variant: "primary" })}>{t("comingSoon.goBack")}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
