import { AdminAccessButton } from "~/components/admin/admin-access-button";
import { PlaceholderPage } from "~/components/layout/page-header";
import { placeholderRoute } from "~/components/layout/placeholder-route";

const page = placeholderRoute("podcast");
export const meta = page.meta;

// Spec §2: the podcast page carries the admin login dialog (only when the backend is configured).
export default function Podcast() {
  return (
    <>
      <PlaceholderPage pageKey="podcast" />
      <div className="mx-auto max-w-wide px-4 sm:px-6">
        <AdminAccessButton />
      </div>
    </>
  );
}
