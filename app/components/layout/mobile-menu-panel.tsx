import * as Dialog from "@radix-ui/react-dialog";
import { NavLink } from "~/components/ui/link";
import { ShoppingCart, X } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";
import { LanguagePicker } from "./language-picker";
import { HEADER_LINKS, navLinkClass } from "./nav-items";

/**
 * The header's links in a panel for small screens; closes on Escape, on the close button or on
 * navigating. Loaded only when the menu is first opened (see mobile-menu.tsx).
 */
export default function MobileMenuPanel({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col gap-6 overflow-y-auto bg-paper p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-xl font-semibold">{t("menu.title")}</Dialog.Title>
            <Dialog.Close
              aria-label={t("menu.close")}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("tagline")}</Dialog.Description>
          <nav aria-label={t("menu.primary")}>
            <ul className="flex flex-col gap-1">
              {HEADER_LINKS.map((item) => (
                <li key={item.path}>
                  <NavLink to={localize(item.path)} end onClick={close} className={(state) => `${navLinkClass(state)} block py-3 text-base`}>
                    {t(item.labelKey)}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to={localize("/cart")} onClick={close} className={(state) => `${navLinkClass(state)} flex items-center gap-2 py-3 text-base`}>
                  <ShoppingCart aria-hidden="true" className="size-5" />
                  {t("nav:cart")}
                </NavLink>
              </li>
            </ul>
          </nav>
          <NavLink to={localize("/subscribe")} onClick={close} className={buttonClass({ variant: "primary", size: "lg" })}>
            {t("nav:subscribe")}
          </NavLink>
          <div className="border-t border-line pt-4">
            <p className="mb-2 text-sm font-semibold text-muted">{t("language.label")}</p>
            <LanguagePicker align="start" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
