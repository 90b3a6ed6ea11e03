import { ShieldCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { useAdminEnabled } from "~/components/site-settings";

// The dialog's code loads on first use; pages do not carry it up front (ADR 022).
const AdminAccessDialog = lazy(() => import("./admin-access-dialog"));

/**
 * The 'Admin Access' prompt (podcast, shop, footer). Hidden on a read-only deployment
 * (ADMIN_ENABLED=false), where the site has no admin backend.
 */
export function AdminAccessButton({ variant = "outline", className }: { variant?: "outline" | "onDark" | "ghost"; className?: string }) {
  const { t } = useTranslation("admin");
  const enabled = useAdminEnabled();
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass({ variant, size: "sm", className })} aria-haspopup="dialog">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {t("access.open")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AdminAccessDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
