import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";

// The dialog code loads on the first tap, not with every page (ADR 022).
const MobileMenuPanel = lazy(() => import("./mobile-menu-panel"));

/** The menu button of small screens; the panel it opens lists the header's links. */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t("menu.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel close={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
