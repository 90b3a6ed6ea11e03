import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/layout/page-header";
import { FormNotice } from "~/components/ui/form-field";

/** The narrow single-column frame of the sign-in, sign-up and password pages. */
export function AccountPage({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  return (
    <>
      <PageHeader pageKey={pageKey} />
      <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:px-6">{children}</div>
    </>
  );
}

/** An account page that only says how something ended (a used link, a new password), with one link onward. */
export function AccountNotice({ pageKey, kind, message, linkTo, linkLabel }: { pageKey: string; kind: "error" | "success"; message: string; linkTo: string; linkLabel: string }) {
  return (
    <AccountPage pageKey={pageKey}>
      <FormNotice kind={kind}>{message}</FormNotice>
      <Link to={linkTo} className="font-semibold text-forest-700 underline">
        {linkLabel}
      </Link>
    </AccountPage>
  );
}
