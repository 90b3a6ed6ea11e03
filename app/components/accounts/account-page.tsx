import type { ReactNode } from "react";
import { PageHeader } from "~/components/layout/page-header";

/** The narrow single-column frame of the sign-in, sign-up and password pages. */
export function AccountPage({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  return (
    <>
      <PageHeader pageKey={pageKey} />
      <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:px-6">{children}</div>
    </>
  );
}
