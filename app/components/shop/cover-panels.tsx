import { useHydrated } from "~/components/lib/use-hydrated";
import type { ManageView } from "~/modules/shop/manage-view";
import { CoverAdminPanel } from "./cover-admin-panel";
import { TemporaryCoverPanel } from "./temporary-cover-panel";

/** The shop page's cover panels, for the admin in admin mode: the permanent and the temporary cover. */
export default function CoverPanels({ manage }: { manage: ManageView }) {
  const hydrated = useHydrated();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CoverAdminPanel secureCover={manage.secureCover} coverUrl={manage.coverUrl} hydrated={hydrated} />
      <TemporaryCoverPanel current={manage.temporaryCover} operatorId={manage.operatorId} hydrated={hydrated} />
    </div>
  );
}
