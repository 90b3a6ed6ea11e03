import { Upload } from "lucide-react";
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { useAdminEnabled } from "~/components/site-settings";
import type { EpisodeView } from "~/components/podcast/episode-view";

// The dialogs' code (and the upload client) loads on first use, not with the page (ADR 022).
const EpisodeDialog = lazy(() => import("./episode-dialog"));
const DeleteEpisodeDialog = lazy(() => import("./delete-episode-dialog"));
const AdminAccessDialog = lazy(() => import("~/components/admin/admin-access-dialog"));

type Open = { kind: "upload" } | { kind: "edit"; episode: EpisodeView } | { kind: "delete"; episode: EpisodeView } | { kind: "adminRequired" } | null;

export interface Manage {
  canEdit: boolean;
  open: (dialog: Exclude<Open, null>) => void;
}

const ManageContext = createContext<Manage>({ canEdit: false, open: () => {} });

/**
 * Episode management on the podcast page: 'Upload Episode' for everyone (a visitor who
 * is not an admin in admin mode is sent to Admin Access), edit and delete on each card for admins.
 * `canEdit` comes from the server, which checks again on every change.
 */
export function EpisodeManageProvider({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  const [dialog, setDialog] = useState<Open>(null);
  const { t } = useTranslation("podcast");
  const value = useMemo(() => ({ canEdit, open: setDialog }), [canEdit]);
  const close = () => setDialog(null);
  return (
    <ManageContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {dialog?.kind === "upload" && <EpisodeDialog mode="upload" onClose={close} />}
        {dialog?.kind === "edit" && <EpisodeDialog mode="edit" episode={dialog.episode} onClose={close} />}
        {dialog?.kind === "delete" && <DeleteEpisodeDialog episode={dialog.episode} onClose={close} />}
        {dialog?.kind === "adminRequired" && <AdminAccessDialog notice={t("manage.adminRequired")} onClose={close} />}
      </Suspense>
    </ManageContext.Provider>
  );
}

/** Visible to everyone; only an admin in admin mode gets the upload dialog. */
export function UploadEpisodeButton() {
  const { t } = useTranslation("podcast");
  const { canEdit, open } = useContext(ManageContext);
  if (!useAdminEnabled()) return null;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => open(canEdit ? { kind: "upload" } : { kind: "adminRequired" })}
      className={buttonClass({ variant: "primary", size: "sm" })}
    >
      <Upload aria-hidden="true" className="size-4" />
      {t("manage.upload")}
    </button>
  );
}

// Edit and delete are for the admin only: readers' pages do not carry them.
const EpisodeEditButtons = lazy(() => import("./episode-edit-buttons"));

/** Edit and delete on an episode card, for admins only. */
export function EpisodeAdminActions({ episode, className }: { episode: EpisodeView; className?: string }) {
  const { canEdit, open } = useContext(ManageContext);
  if (!canEdit) return null;
  return (
    <Suspense fallback={null}>
      <EpisodeEditButtons episode={episode} className={className} open={open} />
    </Suspense>
  );
}
